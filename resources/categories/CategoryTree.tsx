import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/EditOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useCanAccessNow } from '../../src/useCanAccessNow';
import { Link as RouterLink } from 'react-router-dom';
import { category, type CategoryNode } from '../../schema/category';
import { DeleteNodeButton, MoveButtons, useSiblingMove, useTree } from '../../src/tree/TreeActions';

const resource = category.resource;
const treeKey = [resource, 'tree'];

interface Permissions {
  canCreate: boolean;
  canEdit: boolean;
  canDelete: boolean;
}

const titleId = (node: CategoryNode) => `category-${node.id}-title`;
const editAddress = (node: CategoryNode) => `/${resource}/${node.id}/edit?parent_id=${node.parent_id}`;

/** SPEC.md's /course_category: the two-level tree with its create, edit, move and delete actions. */
export function CategoryTree() {
  const translate = useTranslate();
  const canCreate = useCanAccessNow({ resource, action: 'create' });
  const canEdit = useCanAccessNow({ resource, action: 'edit' });
  const canDelete = useCanAccessNow({ resource, action: 'delete' });
  const permissions = { canCreate, canEdit, canDelete };

  const { tree, nodes, reload } = useTree<CategoryNode>(treeKey, `${category.api}/tree`);

  return (
    <Box sx={{ pb: 3 }}>
      <Typography variant="h5" component="h2" sx={{ mt: 2, mb: 1 }}>
        {translate(`resources.${resource}.name`, { smart_count: 2 })}
      </Typography>
      <Stack direction="row" sx={{ gap: 1, mb: 2, flexWrap: 'wrap' }}>
        {canCreate && (
          <Button variant="contained" size="small" startIcon={<AddIcon />} component={RouterLink} to={`/${resource}/create?parent_id=0`}>
            {translate(`resources.${resource}.actions.create_top`)}
          </Button>
        )}
        <Button size="small" startIcon={<RefreshIcon />} onClick={reload}>
          {translate('app.list.refresh')}
        </Button>
      </Stack>

      {tree.isSuccess && nodes.length === 0 && (
        <Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary">
          {translate(`resources.${resource}.empty.tree`)}
        </Typography>
      )}
      <Stack spacing={2}>
        {nodes.map((node, index) => (
          <Paper key={node.id} component="section" variant="outlined" aria-labelledby={titleId(node)} data-testid="category" sx={{ overflow: 'hidden' }}>
            <CategoryRow node={node} siblings={nodes} index={index} permissions={permissions} onChanged={reload} topLevel />
            <Box component="ul" aria-label={node.title} sx={{ listStyle: 'none', m: 0, p: 0, borderTop: 1, borderColor: 'divider' }}>
              {node.children.length === 0 ? (
                <Typography component="li" variant="body2" color="text.secondary" sx={{ py: 1, pl: { xs: 3, sm: 5 } }}>
                  {translate(`resources.${resource}.empty.children`)}
                </Typography>
              ) : (
                node.children.map((child, childIndex) => (
                  <Box component="li" key={child.id} data-testid="subcategory" sx={{ pl: { xs: 2, sm: 4 }, '& + &': { borderTop: 1, borderColor: 'divider' } }}>
                    <CategoryRow node={child} siblings={node.children} index={childIndex} permissions={permissions} onChanged={reload} />
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

interface CategoryRowProps {
  node: CategoryNode;
  siblings: CategoryNode[];
  index: number;
  permissions: Permissions;
  onChanged(): Promise<unknown>;
  topLevel?: boolean;
}

/** One category: its title, then the actions the user may take on it. */
function CategoryRow({ node, siblings, index, permissions, onChanged, topLevel = false }: CategoryRowProps) {
  const translate = useTranslate();
  const mover = useSiblingMove({ api: category.api, siblings, index, onMoved: onChanged });
  return (
    // Alt+ArrowUp/Down anywhere in the row moves the category.
    <Box data-testid="category-row" onKeyDown={permissions.canEdit ? mover.onKeyDown : undefined} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, px: 2, py: topLevel ? 1.25 : 0.75 }}>
      <Typography
        id={titleId(node)}
        variant={topLevel ? 'subtitle1' : 'body2'}
        component="div"
        data-testid={topLevel ? 'category-title' : 'subcategory-title'}
        sx={{ flex: '1 1 12rem', minWidth: 0, fontWeight: topLevel ? 600 : 400, overflowWrap: 'anywhere' }}
      >
        {node.title}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}>
        {topLevel && permissions.canCreate && (
          <Button size="small" startIcon={<AddIcon />} component={RouterLink} to={`/${resource}/create?parent_id=${node.id}`}>
            {translate(`resources.${resource}.actions.create_child`)}
          </Button>
        )}
        {permissions.canEdit && (
          <Button size="small" startIcon={<EditIcon />} component={RouterLink} to={editAddress(node)}>
            {translate('ra.action.edit')}
          </Button>
        )}
        {permissions.canEdit && <MoveButtons mover={mover} />}
        {permissions.canDelete && <DeleteNodeButton api={category.api} id={node.id} onDeleted={() => void onChanged()} />}
      </Box>
    </Box>
  );
}
