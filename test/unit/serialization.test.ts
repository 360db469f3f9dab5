import type { FastifySerializerCompiler } from 'fastify';
import type { z } from 'zod';
import { course } from '../../schema/course';
import { failure, page, success } from '../../schema/envelope';
import { pageSerializerCompiler, responseSerializerCompiler } from '../../server/serialization';

const serializerOf = (schema: z.ZodType) =>
  (responseSerializerCompiler(false) as FastifySerializerCompiler<z.ZodType>)({ schema, method: 'GET', url: '/test', httpStatus: '200' });

const aCourse = {
  id: 7,
  title: '长的标题 "quoted" \\ </script>',
  category_id: 3,
  category: { id: 3, title: 'Programming', parent_id: 1 },
  cover: '',
  teacher_ids: [4, 5],
  teachers: [
    { id: 4, title: 'Ada', introduction: '', photo: '' },
    { id: 5, title: 'Grace', introduction: 'Navy', photo: 'files/p.png' },
  ],
  subtitle: '',
  price: 1999,
  original_price: 0,
  brief: 'line\nbreak',
  suit_crowds: '',
  introduction: '<p>x</p>',
  res_type: 'video',
};

describe('answers written from their schema', () => {
  const listAnswer = success(page(course.record));
  const write = serializerOf(listAnswer);

  test('a valid answer is written as the zod schema reads it', () => {
    const answer = { success: true, data: { items: [aCourse], total: 1 } };
    const written = JSON.parse(write(answer));
    expect(written).toEqual(listAnswer.parse(answer));
    expect(written).toEqual(answer);
  });

  test('what the schema does not declare is not written; a referenced record keeps what its handler chose to show', () => {
    const answer = { success: true, data: { items: [{ ...aCourse, password_hash: 'secret' }], total: 1, debug: 'x' } };
    const written = JSON.parse(write(answer));
    expect(written.data.items[0]).not.toHaveProperty('password_hash');
    expect(written.data).not.toHaveProperty('debug');
    expect(written.data.items[0].category).toEqual(aCourse.category);
  });

  test('a missing reference is written as null, not as an empty object', () => {
    const written = JSON.parse(write({ success: true, data: { items: [{ ...aCourse, category: null }], total: 1 } }));
    expect(written.data.items[0].category).toBeNull();
  });

  test('a failure keeps its fields and their messages', () => {
    const answer = { success: false, message: 'Invalid', error_code: 400, errors: { title: 'Required' } };
    expect(JSON.parse(serializerOf(failure)(answer))).toEqual(failure.parse(answer));
  });

  test('with checkAnswers, an answer outside its schema is refused, naming the route and the field', () => {
    const checked = (responseSerializerCompiler(true) as FastifySerializerCompiler<z.ZodType>)({ schema: listAnswer, method: 'GET', url: '/api/v1/courses', httpStatus: '200' });
    expect(() => checked({ success: true, data: { items: [{ ...aCourse, price: 'free' }], total: 1 } })).toThrow(/GET \/api\/v1\/courses answered 200 outside its schema[\s\S]*price/);
    expect(JSON.parse(checked({ success: true, data: { items: [aCourse], total: 1 } })).data.total).toBe(1);
  });
});

describe("a list's page, written by JSON.stringify", () => {
  const listAnswer = success(page(course.record));
  const pageWriter = (checkAnswers: boolean, httpStatus = '200', schema: z.ZodType = listAnswer) =>
    pageSerializerCompiler(checkAnswers)({ schema, method: 'GET', url: '/api/v1/courses/pager', httpStatus });
  const answer = { success: true, data: { items: [aCourse], total: 1 } };

  test("a page is written as the schema's stringifier writes it", () => {
    expect(JSON.parse(pageWriter(false)(answer))).toEqual(JSON.parse(serializerOf(listAnswer)(answer)));
    expect(pageWriter(false)(answer)).toBe(JSON.stringify(answer));
  });

  test('with checkAnswers, a page carrying a property its schema does not declare is refused, naming the route; another order is the same page', () => {
    const checked = pageWriter(true);
    expect(() => checked({ success: true, data: { items: [{ ...aCourse, password_hash: 'secret' }], total: 1 } })).toThrow(
      /GET \/api\/v1\/courses\/pager answered a page other than its schema writes[\s\S]*password_hash/,
    );
    expect(() => checked({ success: true, data: { items: [{ ...aCourse, price: 'free' }], total: 1 } })).toThrow(/outside its schema[\s\S]*price/);
    const reordered = { data: { total: 1, items: [Object.fromEntries(Object.entries(aCourse).reverse())] }, success: true };
    expect(JSON.parse(checked(reordered))).toEqual(answer);
  });

  test("an answer other than the page is written from its schema, as every route's", () => {
    const refusal = { success: false, message: 'Invalid', error_code: 400, errors: { title: 'Required' }, stack: 'at x' };
    expect(JSON.parse(pageWriter(false, '400', failure)(refusal))).not.toHaveProperty('stack');
  });
});
