import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sniffFormat } from './index.ts';

const sniff = (bytes: Buffer | string, filename: string | null = null) =>
  sniffFormat(typeof bytes === 'string' ? Buffer.from(bytes) : bytes, filename, null);

test('the bytes decide the format; the name only breaks ties', () => {
  assert.deepEqual(sniff('%PDF-1.7\n...', 'statement.csv'), { ok: true, format: 'pdf' });
  assert.deepEqual(sniff(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])), {
    ok: true,
    format: 'image',
  });
  assert.deepEqual(sniff(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])), { ok: true, format: 'image' });
  assert.deepEqual(sniff(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('....xl/workbook.xml')])), {
    ok: true,
    format: 'xlsx',
  });
  assert.equal(
    sniff(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('word/document.xml')])).ok,
    false,
  );
  assert.deepEqual(
    sniff(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2]), 'locked.xlsx'),
    { ok: true, format: 'xlsx' },
    'an encrypted workbook goes to its reader, which says it is unreadable',
  );
  assert.equal(sniff(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2]), 'old.xls').ok, false);
  assert.deepEqual(sniff('OFXHEADER:100\nDATA:OFXSGML\n<OFX><BANKMSGSRSV1>'), { ok: true, format: 'ofx' });
  assert.deepEqual(sniff('<?xml version="1.0"?><?OFX OFXHEADER="200"?><OFX></OFX>'), { ok: true, format: 'ofx' });
  assert.deepEqual(
    sniff('<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>'),
    { ok: true, format: 'camt053' },
  );
  assert.equal(sniff('<?xml version="1.0"?><Invoice/>').ok, false);
  assert.deepEqual(sniff(':20:STARTUMS\r\n:25:10020030/1234567\r\n:28C:1/1\r\n:60F:C260301EUR1000,00\r\n'), {
    ok: true,
    format: 'mt940',
  });
  assert.deepEqual(sniff('{1:F01BANKDEFFAXXX}{4:\n:20:REF\n:25:DE89370400440532013000\n:60F:C260301EUR1,00\n-}'), {
    ok: true,
    format: 'mt940',
  });
  assert.deepEqual(sniff('Date,Description,Amount\n03/14/2026,COFFEE,-4.50\n'), { ok: true, format: 'csv' });
  assert.deepEqual(
    sniff(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Date;Amount\n', 'utf16le')])),
    { ok: true, format: 'csv' },
    'UTF-16 exports are text',
  );
  assert.deepEqual(
    sniff(Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('Date;Amount\n', 'utf16le').swap16()])),
    { ok: true, format: 'csv' },
  );
  assert.equal(sniff(Buffer.from('GIF89a\x01\x00\x00\x00', 'latin1')).ok, false, 'binary with NUL bytes');
  assert.equal(sniff(Buffer.from([1, 2, 3, 4, 5, 6, 7, 8, 0x0e, 0x0f])).ok, false);
});
