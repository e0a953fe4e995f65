import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { categorizeCold, coldEngineRow } from '../../test/support/cold-engine.ts';
import { accountForRole } from '../chart/us-chart.ts';
import { inEnglish, loadSpanishPhrases } from './spanish-words.ts';

const SPANISH_WORD =
  /\b(COMPRA|PAGO|RETIRO|DEPOSITO|TRANSFERENCIA|CARGO|CHEQUE|NOMINA|PRESTAMO|INTERES\w*|DEBITO|CREDITO)\b/i;

test('a line with no Spanish bank word is read as printed', () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.constantFrom('POS', 'PURCHASE', 'CARGO', 'RENTA', 'SQ', '*TACOS', 'EXPRESS', '4412', 'TX', 'A', 'CTA'),
        {
          maxLength: 8,
        },
      ),
      (words) => {
        const line = words.join(' ');
        fc.pre(!SPANISH_WORD.test(line) || /^(CARGO|RENTA|A|CTA| )*$/.test(line));
        assert.equal(inEnglish(line), line);
      },
    ),
  );
  assert.equal(inEnglish('CARGO EXPRESS LLC'), 'CARGO EXPRESS LLC', 'cargo is freight in an English line');
  assert.equal(inEnglish('MUCHAS GRACIAS MEXICAN FOOD'), 'MUCHAS GRACIAS MEXICAN FOOD', 'a name keeps its words');
});

test("a Spanish line's bank words are read in English, longest phrase first, accents dropped", () => {
  assert.equal(inEnglish('CARGO POR SERVICIO CTA COMERCIAL'), 'SERVICE CHARGE BUSINESS ACCOUNT');
  assert.equal(inEnglish('PAGO TARJETA POPULAR VISA'), 'CREDIT CARD PAYMENT POPULAR VISA');
  assert.equal(inEnglish('Depósito móvil'), 'MOBILE DEPOSIT');
  assert.equal(inEnglish('PAGO RECIBIDO - GRACIAS'), 'PAYMENT RECEIVED - THANK YOU');
  assert.equal(inEnglish('PAGO ACH INMOBILIARIA ISLA VERDE RENTA'), 'ACH PAYMENT INMOBILIARIA ISLA VERDE RENT');
});

test('the phrase table is upper-case words with a reason each, and refuses anything else at load', () => {
  assert.ok(loadSpanishPhrases().length > 40);
  const header = 'spanish,english,needs_spanish_line,reason\n';
  assert.throws(() => loadSpanishPhrases(`${header}pago,PAYMENT,no,x\n`), /upper-case/);
  assert.throws(() => loadSpanishPhrases(`${header}PAGO,PAYMENT,maybe,x\n`), /yes or no/);
  assert.throws(() => loadSpanishPhrases(`${header}PAGO,PAYMENT,no,\n`), /reason/);
});

test("Puerto Rico's banks' lines are categorized as their English twins are", async () => {
  const lines: Array<[string, 'in' | 'out', string]> = [
    ['CARGO POR SERVICIO', 'out', accountForRole('bank_fees')],
    ['PAGO ACH HACIENDA SURI IVU 0324', 'out', accountForRole('taxes_licenses')],
    ['ACH DEBITO MUNICIPIO AUTONOMO CAGUAS PATENTE', 'out', accountForRole('taxes_licenses')],
    ['PAGO ACH LUMA ENERGY 7718220041', 'out', accountForRole('utilities')],
    ['PAGO ACH CFSE POLIZA 2024-25', 'out', accountForRole('insurance')],
    ['PAGO PRESTAMO COMERCIAL 0041887', 'out', accountForRole('loans')],
    ['TRANSFERENCIA DE CTA 0412 L FIGUEROA PRESTAMO SOCIO', 'in', accountForRole('owner_loans')],
    ['TRANSFERENCIA NOMINA 04/12 ORIENTAL BIZ', 'out', accountForRole('wages')],
    ['CARGO POR INTERES COMPRAS', 'out', accountForRole('interest_expense')],
    ['COMPRA POS 04/13 AUTOEXPRESO RECARGA GUAYNABO PR', 'out', accountForRole('parking')],
  ];
  const results = await categorizeCold(
    lines.map(([description, direction], index) =>
      coldEngineRow({ id: `pr-${index}`, description, direction, bankAccountKind: 'checking', amountMinor: 45_000 }),
    ),
  );
  lines.forEach(([description, , expected], index) => assert.equal(results[index].target, expected, description));
});
