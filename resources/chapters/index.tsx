import { Route } from 'react-router-dom';
import { lazyScreen } from '../../src/lazyScreen';

const ChapterTreePage = lazyScreen(() => import('./ChapterTree'), (module) => module.ChapterTreePage);
const ChapterCreate = lazyScreen(() => import('./ChapterForm'), (module) => module.ChapterCreate);
const ChapterEdit = lazyScreen(() => import('./ChapterForm'), (module) => module.ChapterEdit);

/**
 * A course's chapters, SPEC.md's routes under /course: the tree, a new chapter, a new section
 * (the parent segment names the owning chapter), and the edits with `?idx=`.
 */
export const chapterRoutes = (
  <>
    <Route path=":courseId/chapter" element={<ChapterTreePage />} />
    <Route path=":courseId/chapter/create" element={<ChapterCreate />} />
    <Route path=":courseId/chapter/:chapterId/section/:parentId/create" element={<ChapterCreate section />} />
    <Route path=":courseId/chapter/:chapterId/edit" element={<ChapterEdit />} />
    <Route path=":courseId/chapter/:chapterId/section/:parentId/edit" element={<ChapterEdit />} />
  </>
);
