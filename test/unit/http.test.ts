import { HttpError } from 'react-admin';
import { asPage, unwrapEnvelope } from '../../src/envelope';
import { queryString } from '../../src/http';

describe('queryString', () => {
  test('arrays repeat their key', () => {
    expect(queryString({ status: ['draft', 'published'], page: 2 })).toBe('?status=draft&status=published&page=2');
  });

  test('undefined, null and empty values are left out', () => {
    expect(queryString({ keyword: '', sort_by: undefined, order: null, page: 1, ids: ['', 3] })).toBe('?page=1&ids=3');
  });

  test('no query at all gives no question mark', () => {
    expect(queryString()).toBe('');
    expect(queryString({ keyword: '' })).toBe('');
  });

  test('values are encoded and false and 0 are kept', () => {
    expect(queryString({ keyword: 'a&b c', enabled: false, page: 0 })).toBe('?keyword=a%26b+c&enabled=false&page=0');
  });
});

/** The HttpError unwrapEnvelope throws, for its fields to be checked. */
function failureOf(status: number, body: unknown): HttpError {
  try {
    unwrapEnvelope(status, body);
  } catch (error) {
    return error as HttpError;
  }
  throw new Error('unwrapEnvelope did not throw');
}

describe('unwrapEnvelope', () => {
  test('a success gives its data', () => {
    expect(unwrapEnvelope(200, { success: true, data: { id: 1 } })).toEqual({ id: 1 });
    expect(unwrapEnvelope(201, { success: true, data: null })).toBeNull();
  });

  test('a failure becomes an HttpError with the status, the message and the field errors', () => {
    const error = failureOf(400, { success: false, message: 'Invalid input', error_code: 400, errors: { name: 'Required' } });
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Invalid input');
    expect(error.body).toMatchObject({ errors: { name: 'Required' } });
  });

  test('a non-2xx status throws even when the body says success', () => {
    const error = failureOf(500, { success: true, data: { id: 1 } });
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(500);
  });

  test('a 2xx without success: true throws too', () => {
    expect(failureOf(200, { data: [] }).status).toBe(200);
  });

  test('the message is empty when the server gave none, so the caller can use its own', () => {
    expect(failureOf(502, undefined).message).toBe('');
    expect(failureOf(404, { success: false, message: 42 }).message).toBe('');
  });

  test('errors that are not an object are not passed on', () => {
    expect(failureOf(400, { success: false, message: 'x', errors: 'bad' }).body.errors).toBeUndefined();
  });
});

describe('asPage', () => {
  test('a bare array counts its items', () => {
    expect(asPage([{ id: 1 }, { id: 2 }])).toEqual({ items: [{ id: 1 }, { id: 2 }], total: 2 });
  });

  test('{ items, total } keeps the total of all pages', () => {
    expect(asPage({ items: [{ id: 1 }], total: 23 })).toEqual({ items: [{ id: 1 }], total: 23 });
  });

  test('a missing total counts the items', () => {
    expect(asPage({ items: [{ id: 1 }] })).toEqual({ items: [{ id: 1 }], total: 1 });
  });

  test.each([null, undefined, 'garbage', 42, { items: 'x', total: 'y' }])('%p gives an empty page', (garbage) => {
    expect(asPage(garbage)).toEqual({ items: [], total: 0 });
  });
});
