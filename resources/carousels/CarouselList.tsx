import AddIcon from '@mui/icons-material/Add';
import CollectionsIcon from '@mui/icons-material/Collections';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useListContext, useTranslate, type RaRecord } from 'react-admin';
import { useCanAccessNow } from '../../src/useCanAccessNow';
import { Link as RouterLink } from 'react-router-dom';
import { carousel } from '../../schema/carousel';
import { carouselGroup } from '../../schema/carouselGroup';
import { fileName } from '../../src/fields/format';
import type { ListColumn } from '../../src/list/columns';
import { ConsoleList } from '../../src/list/ConsoleList';
import { entityColumns } from '../../src/list/entityColumns';
import { useDelayed } from '../../src/useDelayed';
import { CarouselBanner, CarouselImage, ColourValue, CustomLink } from './CarouselPreview';
import { CarouselGroupInput } from './CarouselGroupInput';
import { useCarouselGroups, useExistingGroups, useShownGroup } from './useCarouselGroups';
import { openingSort } from '../../src/firstPage';

const GROUP = 'carousel_group_id';

const imageColumn: ListColumn = {
  source: 'image_link',
  // The card shows the image as its picture.
  tableOnly: true,
  render: (record) => <CarouselImage record={record} />,
  text: (record) => (record.image_link ? fileName(String(record.image_link)) : '—'),
};
const colourColumn: ListColumn = {
  source: 'image_background_color',
  render: (record) => <ColourValue record={record} />,
  text: (record) => String(record.image_background_color || '—'),
};
const linkColumn: ListColumn = {
  source: 'customized_link',
  render: (record) => <CustomLink record={record} />,
  text: (record) => String(record.customized_link || '—'),
};
const shownAs = (column: ListColumn) => ({ image_link: imageColumn, image_background_color: colourColumn, customized_link: linkColumn })[column.source] ?? column;

/** Image, title (opens the detail), description, target course, background colour, link. */
const columns: ListColumn[] = [imageColumn, ...entityColumns(carousel, 'list', ['title', 'description', 'target_id']), colourColumn, linkColumn];
const detailFields = entityColumns(carousel, 'detail', carousel.names).map(shownAs);
const sort = openingSort(carousel);

/**
 * The list's group: always one (the list is one group's carousels), searched among every group. It
 * remembers the group shown, and puts a group that no longer exists (an old link, a group deleted
 * meanwhile) back to the opening one.
 */
function GroupFilter({ opening, ...props }: { opening: RaRecord; source: string; alwaysOn?: boolean }) {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const [, remember] = useShownGroup();
  const current = filterValues[GROUP];
  const existing = useExistingGroups([current]);
  const known = existing.groups.some((group) => String(group.id) === String(current));

  useEffect(() => {
    if (existing.isPending) return;
    if (known) remember(Number(current));
    else setFilters({ ...filterValues, [GROUP]: opening.id }, displayedFilters);
    // Only a changed group matters; the list's other filters are carried along as they are.
  }, [known, current, existing.isPending]);

  return <CarouselGroupInput {...props} source={GROUP} disableClearable helperText={false} />;
}

function Heading() {
  const translate = useTranslate();
  return (
    <Typography variant="h5" component="h2" sx={{ mt: 2, mb: 1 }}>
      {translate('resources.carousel.name', { smart_count: 2 })}
    </Typography>
  );
}

/** No group yet: carousels live in groups, so the way forward is to make one. */
function NoGroups() {
  const translate = useTranslate();
  const canCreateGroup = useCanAccessNow({ resource: carouselGroup.resource, action: 'create' });
  return (
    <>
      <Heading />
      <Box data-testid="no-carousel-groups" sx={{ textAlign: 'center', py: 8, px: 2 }}>
        <CollectionsIcon sx={{ fontSize: 56 }} color="disabled" />
        <Typography variant="h6" component="p" sx={{ mt: 2 }}>
          {translate('resources.carousel.no_groups.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          {translate('resources.carousel.no_groups.text')}
        </Typography>
        {canCreateGroup && (
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={`/${carouselGroup.resource}/create`}>
            {translate('resources.carousel.no_groups.create')}
          </Button>
        )}
      </Box>
    </>
  );
}

/** Until the groups are there: a spinner (after the console's 200 ms), or why they did not come and a retry. */
function GroupsLoading({ error, retry }: { error: unknown; retry: () => void }) {
  const translate = useTranslate();
  const spinning = useDelayed(!error);
  return (
    <>
      <Heading />
      <Box sx={{ textAlign: 'center', py: 8 }}>
        {error ? (
          <>
            <Typography role="alert" color="error" sx={{ mb: 2 }}>
              {(error as Error).message || translate('app.list.load_failed')}
            </Typography>
            <Button variant="outlined" onClick={retry}>
              {translate('app.list.refresh')}
            </Button>
          </>
        ) : (
          spinning && <CircularProgress aria-label={translate('resources.carousel.loading_groups')} />
        )}
      </Box>
    </>
  );
}

/**
 * /carousel: one group's carousels (SPEC.md: the first group by default; a spinner until the
 * groups are there), as cards with the image on its background colour or as a table with the
 * image at most 200 by 200; create (in the group shown), edit, delete.
 */
export function CarouselList() {
  const { opening, isPending, error, refetch } = useCarouselGroups();
  if (isPending || error) return <GroupsLoading error={error} retry={() => void refetch()} />;
  if (!opening) return <NoGroups />;
  return (
    <ConsoleList
      columns={columns}
      titleSource={carousel.titleField}
      detailFields={detailFields}
      sort={sort}
      searchSource={carousel.searchParam}
      filters={[<GroupFilter key={GROUP} source={GROUP} alwaysOn opening={opening} />]}
      filterDefaultValues={{ [GROUP]: opening.id }}
      createFrom={[GROUP]}
      cardMedia={(record) => (
        // A line under the picture, so a white background still ends where the card's text begins.
        <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
          <CarouselBanner record={record} />
        </Box>
      )}
      cardTitleLines={2}
    />
  );
}
