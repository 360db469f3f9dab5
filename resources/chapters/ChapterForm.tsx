import { Box, Card, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { RadioButtonGroupInput, ResourceContextProvider, SimpleForm, useDataProvider, useGetOne, useNotify, useTranslate, type HttpError } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { chapter, chapterBody, chapterPatch } from '../../schema/chapter';
import { course, resourceTypes } from '../../schema/course';
import type { ConsoleDataProvider } from '../../src/dataProvider';
import { FieldInput } from '../../src/forms/EntityInputs';
import { isMissing } from '../../src/forms/EntityForms';
import { FormToolbar } from '../../src/forms/FormToolbar';
import { schemaResolver } from '../../src/forms/resolver';
import { NotFound } from '../../src/pages/NotFound';
import { PickerInput } from '../../src/pickers/PickerInput';
import { videoPicker } from '../../src/pickers/pickers';
import { FileInput } from '../../src/upload/FileInput';
import { useTree } from '../../src/tree/TreeActions';
import { chapterAddresses, chapterTreeKey, chapterTreePath, placeOf, recordIdOf, type ChapterNode } from './chapterAddresses';
import { CourseHeading, type CourseRecord } from './ChapterTree';

const resource = chapter.resource;
const createResolver = schemaResolver(chapterBody);
const editResolver = schemaResolver(chapterPatch);

/** The values the form edits: SPEC.md's chapter body, `res_id` read by `res_type`. */
const editable = (record: ChapterNode) => ({
  title: record.title,
  preview_enabled: record.preview_enabled,
  res_type: record.res_type,
  res_id: record.res_id,
  pdf_name: record.pdf_name,
  begin_at: record.begin_at,
});

/** The `idx` of the address: the number the tree showed; absent or not a place, none. */
function idxOf(search: string): number | undefined {
  const value = Number(new URLSearchParams(search).get('idx'));
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/** The file of the chosen type; switching type drops the other type's choice. */
function ResourceInputs() {
  const { setValue } = useFormContext();
  const type = useWatch({ name: 'res_type' });
  return (
    <>
      <RadioButtonGroupInput
        source="res_type"
        choices={resourceTypes.map((id) => ({ id, name: `resources.${resource}.choices.res_type.${id}` }))}
        onChange={() => {
          setValue('res_id', null, { shouldDirty: true });
          setValue('pdf_name', '', { shouldDirty: true });
        }}
      />
      {type === 'pdf' ? (
        <FileInput source="res_id" kind="pdf" nameSource="pdf_name" label={`resources.${resource}.fields.pdf`} parse={(value: string) => value || null} />
      ) : (
        <PickerInput source="res_id" picker={videoPicker} label={`resources.${resource}.fields.video_id`} />
      )}
    </>
  );
}

interface FormPageProps {
  courseId: number;
  /** The course, named under the heading. */
  owner?: CourseRecord;
  heading: string;
  /** Where a new item goes (`parent_id` 0: a chapter); none when editing. */
  parentId?: number;
  record?: ChapterNode;
}

/** The chapter and section form: name, free preview, file type, the file, when it begins; submit and cancel. */
function ChapterFormPage({ courseId, owner, heading, parentId, record }: FormPageProps) {
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const backToTree = () => navigate(chapterAddresses.tree(courseId));
  const defaultValues = useMemo(
    () => record ? editable(record) : { title: '', preview_enabled: false, res_type: 'video', res_id: null, pdf_name: '', begin_at: null, course_id: courseId, parent_id: parentId ?? 0 },
    [record, courseId, parentId],
  );

  // Server 400s go under their fields; the message shows either way.
  const save = async (values: Record<string, unknown>) => {
    try {
      if (record) await dataProvider.send(`${chapter.api}/${record.id}`, { method: 'PUT', body: values });
      else await dataProvider.send(chapter.api, { method: 'POST', body: values });
    } catch (error) {
      notify((error as Error)?.message || 'app.notification.server_error', { type: 'error' });
      return (error as HttpError)?.body?.errors as Record<string, string> | undefined;
    }
    notify(record ? 'app.notification.updated' : 'app.notification.created', { type: 'success' });
    await queryClient.invalidateQueries({ queryKey: chapterTreeKey(courseId) });
    backToTree();
    return undefined;
  };

  return (
    <ResourceContextProvider value={resource}>
      <Typography variant="h5" component="h2" sx={{ mt: 2, mb: 1, overflowWrap: 'anywhere' }}>
        {heading}
      </Typography>
      <Box sx={{ mb: 1 }}>
        <CourseHeading course={owner} />
      </Box>
      <Card>
        <SimpleForm
          resolver={record ? editResolver : createResolver}
          defaultValues={defaultValues}
          onSubmit={save}
          toolbar={<FormToolbar onCancel={backToTree} />}
          sx={{ maxWidth: 720 }}
        >
          <FieldInput resource={resource} name="title" field={chapter.fields.title} />
          <FieldInput resource={resource} name="preview_enabled" field={chapter.fields.preview_enabled} />
          <ResourceInputs />
          <FieldInput resource={resource} name="begin_at" field={chapter.fields.begin_at} />
        </SimpleForm>
      </Card>
    </ResourceContextProvider>
  );
}

/** The course and its tree, which every form page reads: the heading's places come from the tree. */
function useCourseTree(courseId: number) {
  const owner = useGetOne<CourseRecord>(course.resource, { id: courseId }, { retry: false });
  const { tree, nodes, missing } = useTree<ChapterNode>(chapterTreeKey(courseId), chapterTreePath(courseId));
  return { owner, tree, nodes, missing: missing || isMissing(owner.error) };
}

/**
 * /course/{courseId}/chapter/create, and /course/{courseId}/chapter/{chapterId}/section/{parentId}/create:
 * a new chapter, or a new section of the chapter the parent segment names.
 */
export function ChapterCreate({ section = false }: { section?: boolean }) {
  const translate = useTranslate();
  const params = useParams();
  const courseId = recordIdOf(params.courseId);
  const parentId = section ? recordIdOf(params.parentId) : 0;
  const { owner, tree, nodes, missing } = useCourseTree(courseId ?? 0);
  if (!courseId || parentId === undefined || missing) return <NotFound />;
  if (!tree.isSuccess) return null;
  const parentPlace = nodes.findIndex((node) => node.id === parentId);
  // A section goes under a chapter of this course, nowhere else.
  if (section && parentPlace < 0) return <NotFound />;
  const heading = section
    ? translate(`resources.${resource}.page.create_section`, { index: parentPlace + 1, title: nodes[parentPlace].title })
    : translate(`resources.${resource}.page.create`);
  return (
    <ChapterFormPage courseId={courseId} owner={owner.data} heading={heading} parentId={parentId} />
  );
}

/**
 * /course/{courseId}/chapter/{chapterId}/edit?idx=N and
 * /course/{courseId}/chapter/{chapterId}/section/{parentId}/edit?idx=N: the heading says which
 * ('Edit chapter 2'). The number is the item's place in the tree; the address's idx stands in
 * only while the tree is not there.
 */
export function ChapterEdit() {
  const translate = useTranslate();
  const params = useParams();
  const idx = idxOf(useLocation().search);
  const courseId = recordIdOf(params.courseId);
  const chapterId = recordIdOf(params.chapterId);
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { owner, nodes, missing } = useCourseTree(courseId ?? 0);
  const record = useQuery({
    queryKey: [resource, 'one', chapterId],
    queryFn: ({ signal }) => dataProvider.send<ChapterNode>(`${chapter.api}/${chapterId}`, { signal }),
    enabled: Boolean(chapterId),
    retry: false,
    // The form starts from the stored record, never a cached one another edit has overtaken.
    gcTime: 0,
  });
  if (!courseId || !chapterId || missing || isMissing(record.error)) return <NotFound />;
  if (!record.data) return null;
  // A chapter of another course is not at this address.
  if (record.data.course_id !== courseId) return <NotFound />;
  const isSection = record.data.parent_id > 0;
  const index = placeOf(nodes, chapterId)?.place ?? idx;
  const heading = translate(`resources.${resource}.page.${isSection ? 'edit_section' : 'edit_chapter'}${index ? '' : '_unnumbered'}`, { index });
  return (
    <ChapterFormPage courseId={courseId} owner={owner.data} heading={heading} record={record.data} />
  );
}
