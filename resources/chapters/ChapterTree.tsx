import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/EditOutlined';
import PdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import ScheduleIcon from '@mui/icons-material/Schedule';
import VideoIcon from '@mui/icons-material/OndemandVideoOutlined';
import { Box, Button, Chip, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { useGetOne, useTranslate } from 'react-admin';
import { useCanAccessNow } from '../../src/useCanAccessNow';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { chapter } from '../../schema/chapter';
import { course } from '../../schema/course';
import { fileName, formatDateTime } from '../../src/fields/format';
import { isMissing } from '../../src/forms/EntityForms';
import { NotFound } from '../../src/pages/NotFound';
import { DeleteNodeButton, MoveButtons, useSiblingMove, useTree } from '../../src/tree/TreeActions';
import { chapterAddresses, chapterTreeKey, chapterTreePath, recordIdOf, type ChapterNode } from './chapterAddresses';

const resource = chapter.resource;

interface Permissions {
  canCreate: boolean;
  canEdit: boolean;
  canDelete: boolean;
}

export interface CourseRecord {
  id: number;
  title: string;
  category?: { id: number; title?: string } | null;
}

const titleId = (node: ChapterNode) => `chapter-${node.id}-title`;

/** /course/{courseId}/chapter: the route's course. */
export function ChapterTreePage() {
  const courseId = recordIdOf(useParams().courseId);
  return courseId ? <ChapterTree courseId={courseId} /> : <NotFound />;
}

/** The course whose chapters these are: its name and category. */
export function CourseHeading({ course: record }: { course?: CourseRecord }) {
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Typography color="text.secondary" data-testid="chapter-course" sx={{ overflowWrap: 'anywhere' }}>
      {translate(`resources.${resource}.course_line`, { course: record.title, category: record.category?.title ?? '—' })}
    </Typography>
  );
}

/**
 * SPEC.md's chapter management: chapters as 'Chapter N title', each with its sections as
 * 'Section N title', and the create, edit, move and delete actions the user may take.
 */
export function ChapterTree({ courseId }: { courseId: number }) {
  const translate = useTranslate();
  // Chapters belong to their course: writing them is writing the course.
  const canCreate = useCanAccessNow({ resource: course.resource, action: 'create' });
  const canEdit = useCanAccessNow({ resource: course.resource, action: 'edit' });
  const canDelete = useCanAccessNow({ resource: course.resource, action: 'delete' });
  const permissions = { canCreate, canEdit, canDelete };

  const owner = useGetOne<CourseRecord>(course.resource, { id: courseId }, { retry: false });
  const { tree, nodes, missing, reload } = useTree<ChapterNode>(chapterTreeKey(courseId), chapterTreePath(courseId));
  if (missing || isMissing(owner.error)) return <NotFound />;

  return (
    <Box sx={{ pb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 2 }}>
        <IconButton component={RouterLink} to={`/${course.resource}`} aria-label={translate(`resources.${resource}.back`)}>
          <ArrowBackIcon />
        </IconButton>
        <Typography variant="h5" component="h2">
          {translate(`resources.${resource}.heading`)}
        </Typography>
      </Box>
      <Box sx={{ mb: 1, pl: 6 }}>
        <CourseHeading course={owner.data} />
      </Box>
      <Stack direction="row" sx={{ gap: 1, mb: 2, flexWrap: 'wrap' }}>
        {canCreate && (
          <Button variant="contained" size="small" startIcon={<AddIcon />} component={RouterLink} to={chapterAddresses.createChapter(courseId)}>
            {translate(`resources.${resource}.actions.create`)}
          </Button>
        )}
        <Button size="small" startIcon={<RefreshIcon />} onClick={reload}>
          {translate('app.list.refresh')}
        </Button>
      </Stack>

      {tree.isSuccess && nodes.length === 0 && (
        <Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary" data-testid="no-chapters">
          {translate(`resources.${resource}.empty.course`)}
        </Typography>
      )}
      <Stack spacing={2}>
        {nodes.map((node, index) => (
          <Paper key={node.id} component="section" variant="outlined" aria-labelledby={titleId(node)} data-testid="chapter" sx={{ overflow: 'hidden' }}>
            <ChapterRow courseId={courseId} node={node} siblings={nodes} index={index} permissions={permissions} onChanged={reload} />
            <Box component="ul" aria-label={node.title} sx={{ listStyle: 'none', m: 0, p: 0, borderTop: 1, borderColor: 'divider' }}>
              {node.children.length === 0 ? (
                <Typography component="li" variant="body2" color="text.secondary" data-testid="no-sections" sx={{ py: 1, pl: { xs: 3, sm: 5 } }}>
                  {translate(`resources.${resource}.empty.chapter`)}
                </Typography>
              ) : (
                node.children.map((child, childIndex) => (
                  <Box component="li" key={child.id} data-testid="section" sx={{ pl: { xs: 2, sm: 4 }, '& + &': { borderTop: 1, borderColor: 'divider' } }}>
                    <ChapterRow courseId={courseId} node={child} parent={node} siblings={node.children} index={childIndex} permissions={permissions} onChanged={reload} />
                  </Box>
                ))
              )}
            </Box>
          </Paper>
        ))}
      </Stack>
    </Box>
  );
}

/** What an item holds: its video or PDF, the free-preview mark and when it begins; a section without a file says so. */
function ResourceSummary({ node, isSection }: { node: ChapterNode; isSection: boolean }) {
  const translate = useTranslate();
  const video = node.video;
  const hasResource = node.res_id !== null && node.res_id !== undefined && node.res_id !== '';
  const held = !hasResource
    ? null
    : node.res_type === 'pdf'
      ? { icon: <PdfIcon fontSize="inherit" />, label: translate(`resources.${resource}.choices.res_type.pdf`), text: node.pdf_name || fileName(String(node.res_id)) }
      : { icon: <VideoIcon fontSize="inherit" />, label: translate(`resources.${resource}.choices.res_type.video`), text: video?.title ?? `#${node.res_id}` };
  if (!held && !isSection && !node.preview_enabled && node.begin_at === null) return null;
  return (
    <Box data-testid="chapter-resource" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, width: 1, color: 'text.secondary', typography: 'body2' }}>
      {held && (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, minWidth: 0, overflowWrap: 'anywhere' }}>
          <Tooltip title={held.label}>
            <Box component="span" sx={{ display: 'inline-flex', flexShrink: 0 }} aria-label={held.label} role="img">
              {held.icon}
            </Box>
          </Tooltip>
          <span>{held.text}</span>
        </Box>
      )}
      {!held && isSection && (
        <Chip size="small" variant="outlined" color="warning" label={translate(`resources.${resource}.no_resource`)} data-testid="no-resource" />
      )}
      {node.preview_enabled && <Chip size="small" variant="outlined" color="success" label={translate(`resources.${resource}.fields.preview_enabled`)} />}
      {node.begin_at !== null && (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          <ScheduleIcon fontSize="inherit" aria-label={translate(`resources.${resource}.fields.begin_at`)} />
          {formatDateTime(node.begin_at)}
        </Box>
      )}
    </Box>
  );
}

interface ChapterRowProps {
  courseId: number;
  node: ChapterNode;
  /** The chapter a section belongs to; none for a chapter. */
  parent?: ChapterNode;
  siblings: ChapterNode[];
  index: number;
  permissions: Permissions;
  onChanged(): Promise<unknown>;
}

/** One chapter or section: 'Chapter N title', what it holds, then the actions the user may take on it. */
function ChapterRow({ courseId, node, parent, siblings, index, permissions, onChanged }: ChapterRowProps) {
  const translate = useTranslate();
  const isSection = Boolean(parent);
  const place = index + 1;
  const editAddress = parent
    ? chapterAddresses.editSection(courseId, node.id, parent.id, place)
    : chapterAddresses.editChapter(courseId, node.id, place);
  const sections = node.children.length;
  const mover = useSiblingMove({ api: chapter.api, siblings, index, onMoved: onChanged });
  return (
    // Alt+ArrowUp/Down anywhere in the row moves the chapter or section.
    <Box data-testid={isSection ? 'section-row' : 'chapter-row'} onKeyDown={permissions.canEdit ? mover.onKeyDown : undefined} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5, px: 2, py: isSection ? 0.75 : 1.25 }}>
      <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
        <Typography
          id={titleId(node)}
          variant={isSection ? 'body2' : 'subtitle1'}
          component="div"
          data-testid={isSection ? 'section-title' : 'chapter-title'}
          sx={{ fontWeight: isSection ? 400 : 600, overflowWrap: 'anywhere' }}
        >
          <Box component="span" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }} data-testid="place">
            {translate(`resources.${resource}.${isSection ? 'section_place' : 'chapter_place'}`, { index: place })}
          </Box>{' '}
          <span>{node.title}</span>
        </Typography>
        <ResourceSummary node={node} isSection={isSection} />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}>
        {!isSection && permissions.canCreate && (
          <Button size="small" startIcon={<AddIcon />} component={RouterLink} to={chapterAddresses.createSection(courseId, node.id)}>
            {translate(`resources.${resource}.actions.create_section`)}
          </Button>
        )}
        {permissions.canEdit && (
          <Button size="small" startIcon={<EditIcon />} component={RouterLink} to={editAddress}>
            {translate('ra.action.edit')}
          </Button>
        )}
        {permissions.canEdit && <MoveButtons mover={mover} />}
        {permissions.canDelete && (
          <DeleteNodeButton
            api={chapter.api}
            id={node.id}
            // A chapter goes with its sections: the question says how many.
            content={sections > 0 ? `resources.${resource}.delete_with_sections` : 'app.list.delete_confirm'}
            translateOptions={{ smart_count: sections }}
            onDeleted={() => void onChanged()}
          />
        )}
      </Box>
    </Box>
  );
}
