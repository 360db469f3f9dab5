import { z } from 'zod';
import { carouselGroup } from '../../schema/carouselGroup';
import { repeated } from '../../schema/entity';
import { file } from '../../schema/fields';

describe('carousel group list query', () => {
  test('page and page_size arrive as strings and become numbers', () => {
    expect(carouselGroup.listQuery.parse({ page: '3', page_size: '50' })).toMatchObject({ page: 3, page_size: 50 });
  });

  test('page 1 of 10 by default', () => {
    expect(carouselGroup.listQuery.parse({})).toMatchObject({ page: 1, page_size: 10 });
  });

  test('at most 100 a page', () => {
    expect(carouselGroup.listQuery.safeParse({ page_size: '100' }).success).toBe(true);
    expect(carouselGroup.listQuery.safeParse({ page_size: '101' }).success).toBe(false);
  });

  test('page 0 is refused', () => {
    expect(carouselGroup.listQuery.safeParse({ page: '0' }).success).toBe(false);
  });

  test('only declared sortable fields sort', () => {
    expect(carouselGroup.listQuery.parse({ sort_by: 'name', order: 'asc' })).toMatchObject({ sort_by: 'name', order: 'asc' });
    expect(carouselGroup.listQuery.safeParse({ sort_by: 'description' }).success).toBe(false);
    expect(carouselGroup.listQuery.safeParse({ sort_by: 'password' }).success).toBe(false);
  });
});

describe('repeated', () => {
  const statuses = repeated(z.enum(['draft', 'published']));

  test('a single value becomes an array', () => {
    expect(statuses.parse('draft')).toEqual(['draft']);
  });

  test('an array stays as it is and absence stays absent', () => {
    expect(statuses.parse(['draft', 'published'])).toEqual(['draft', 'published']);
    expect(statuses.parse(undefined)).toBeUndefined();
  });

  test('each item is checked', () => {
    expect(statuses.safeParse(['draft', 'gone']).success).toBe(false);
    expect(repeated(z.coerce.number().int()).parse('7')).toEqual([7]);
  });
});

describe('an optional file', () => {
  const cover = file('image');
  test('empty, as an edit sends back a record without one, stays empty', () => {
    expect(cover.zod.parse('')).toBe('');
    expect(cover.zod.parse(null)).toBe('');
    expect(cover.zod.parse(undefined)).toBe('');
  });
  test('a key is kept and a bad one refused', () => {
    expect(cover.zod.parse('1716200000-ab12cd.png')).toBe('1716200000-ab12cd.png');
    expect(cover.zod.safeParse('../etc/passwd').success).toBe(false);
  });
  test('a required file is never empty', () => {
    expect(file('image', { required: true }).zod.safeParse('').success).toBe(false);
  });
});
