import { listAddress } from '../../src/dataProvider';

describe('listAddress', () => {
  test('a filter named in braces goes into the path, encoded, and leaves the query', () => {
    expect(listAddress('/api/v1/series/{series_id}/courses', { series_id: 7, word: 'a' })).toEqual({ path: '/api/v1/series/7/courses', query: { word: 'a' } });
    expect(listAddress('/x/{id}/y', { id: 'a/b' }).path).toBe('/x/a%2Fb/y');
  });

  test('an address without braces keeps every filter in the query', () => {
    expect(listAddress('/api/v1/courses/pager', { keyword: 'react', categoryId: 3 })).toEqual({ path: '/api/v1/courses/pager', query: { keyword: 'react', categoryId: 3 } });
  });

  test('a missing filter is a mistake of the screen, not an address with a hole in it', () => {
    expect(() => listAddress('/api/v1/series/{series_id}/courses', {})).toThrow('needs the filter "series_id"');
    expect(() => listAddress('/api/v1/series/{series_id}/courses', { series_id: '' })).toThrow();
  });
});
