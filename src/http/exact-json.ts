import type { FastifySerializerCompiler } from 'fastify';
import { stringify } from 'lossless-json';

/**
 * Route option for answers that carry totals (reports, bank-account balances). Fastify's schema
 * serializer writes every number through a double, so a total past 2^53 minor units would lose
 * digits; totals are MajorAmount (money/minor-units.ts): a plain number when the double prints the
 * exact decimal, else a LosslessNumber that lossless-json writes as a JSON number literal with all
 * its digits. A JSON parser with big-decimal support reads it exactly; JavaScript's JSON.parse reads
 * the nearest double, as it would any long number. The objects these routes answer are built field
 * by field, so serializing them whole (rather than through the response schema) adds nothing.
 */
export const exactJson: { serializerCompiler: FastifySerializerCompiler<unknown> } = {
  serializerCompiler: () => (data) => stringify(data) ?? 'null',
};
