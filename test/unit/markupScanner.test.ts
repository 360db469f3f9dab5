import { MarkupScanner } from '../../server/storage/contentType';

describe('MarkupScanner', () => {
  test('finds a mark split across two chunks, in any case', () => {
    const scanner = new MarkupScanner();
    expect(scanner.found(Buffer.from('\x00\x01binary<SCR'))).toBe(false);
    expect(scanner.found(Buffer.from('IPT>alert(1)'))).toBe(true);
  });

  test('a tag name needs its end: words that merely begin like one are not marks', () => {
    const scanner = new MarkupScanner();
    expect(scanner.found(Buffer.from('<htmlish <bodyguard <svgx <objection javascript'))).toBe(false);
    expect(new MarkupScanner().found(Buffer.from('<svg/onload=1>'))).toBe(true);
    expect(new MarkupScanner().found(Buffer.from('<!DOCTYPE html>'))).toBe(true);
  });
});
