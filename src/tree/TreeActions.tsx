import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { Box, IconButton, Tooltip } from '@mui/material';
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { ConsoleDataProvider } from '../dataProvider';
import { isMissing } from '../forms/EntityForms';
import { ConfirmDeleteButton } from '../list/DeleteButtons';

interface Sibling {
  id: number;
  title?: string;
}

/**
 * The neighbours an item gets when it moves one place up or down among `siblings`: the body of
 * `PUT .../{id}/order` (0 when it becomes first or last).
 */
export function neighbours(siblings: Sibling[], index: number, direction: -1 | 1) {
  const target = index + direction;
  const others = siblings.filter((_, position) => position !== index);
  return { after_id: others[target - 1]?.id ?? 0, before_id: others[target]?.id ?? 0 };
}

/**
 * A tree as the server answers it (`data = [node]`), and a reload. A failure to load says why,
 * except a 401 (it signs out with its own message) and a missing record (the screen shows the
 * not-found page).
 */
export function useTree<T>(queryKey: QueryKey, path: string) {
  const notify = useNotify();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const queryClient = useQueryClient();
  const tree = useQuery({
    queryKey,
    queryFn: ({ signal }) => dataProvider.send<T[]>(path, { signal }),
    // A missing record stays missing: asking again only delays the not-found page.
    retry: (failures, error) => !isMissing(error) && failures < 3,
  });
  const loadError = tree.error as (Error & { status?: number }) | null;
  useEffect(() => {
    if (loadError && loadError.status !== 401 && !isMissing(loadError)) notify(loadError.message || 'app.list.load_failed', { type: 'error' });
  }, [loadError, notify]);
  const reload = () => queryClient.invalidateQueries({ queryKey });
  return { tree, nodes: tree.data ?? [], missing: isMissing(loadError), reload };
}

interface MoveProps {
  /** The collection's address: the move is `PUT {api}/{id}/order`. */
  api: string;
  siblings: Sibling[];
  index: number;
  onMoved(): Promise<unknown>;
}

export type SiblingMove = ReturnType<typeof useSiblingMove>;

/**
 * An item's move one place up or down among its siblings, from its buttons or from the keyboard
 * (Alt+ArrowUp/Down anywhere in its row: `onKeyDown`). Each move is announced (the toast is an
 * alert) and the keyboard's focus stays on the item, wherever the item lands.
 */
export function useSiblingMove({ api, siblings, index, onMoved }: MoveProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [moving, setMoving] = useState(false);
  const focusAfterMove = useRef<HTMLElement | null>(null);
  const atEnd = (direction: -1 | 1) => (direction < 0 ? index === 0 : index === siblings.length - 1);

  // The row is drawn in its new place: give the focus back (a move button that is now disabled passes it to the other one).
  useEffect(() => {
    const focused = focusAfterMove.current;
    focusAfterMove.current = null;
    if (!focused?.isConnected) return;
    const enabled = focused.matches(':disabled') ? focused.closest('[data-move-buttons]')?.querySelector<HTMLElement>('button:not(:disabled)') : focused;
    enabled?.focus();
  }, [index]);

  const move = async (direction: -1 | 1) => {
    if (moving || atEnd(direction)) return;
    const item = siblings[index];
    focusAfterMove.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setMoving(true);
    try {
      await dataProvider.send(`${api}/${item.id}/order`, { method: 'PUT', body: neighbours(siblings, index, direction) });
      await onMoved();
      notify(translate('app.tree.moved', { title: item.title ?? `#${item.id}`, place: index + direction + 1, count: siblings.length }), { type: 'info' });
    } catch (error) {
      notify((error as Error)?.message || 'app.notification.operation_failed', { type: 'error' });
    } finally {
      setMoving(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (!event.altKey || event.ctrlKey || event.metaKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    void move(event.key === 'ArrowUp' ? -1 : 1);
  };

  return { move, moving, atEnd, onKeyDown };
}

const MOVE_SHORTCUTS = { [-1]: { keys: 'Alt+ArrowUp', shown: 'Alt+↑' }, [1]: { keys: 'Alt+ArrowDown', shown: 'Alt+↓' } } as const;

/** Move up and move down among the item's siblings; up is disabled on the first, down on the last. */
export function MoveButtons({ mover }: { mover: SiblingMove }) {
  const translate = useTranslate();
  const button = (direction: -1 | 1) => {
    const label = translate(direction < 0 ? 'app.tree.move_up' : 'app.tree.move_down');
    const shortcut = MOVE_SHORTCUTS[direction];
    return (
      <Tooltip title={`${label} (${shortcut.shown})`}>
        {/* A disabled button gives the tooltip no events: the span does. */}
        <span>
          <IconButton
            size="small"
            aria-label={label}
            aria-keyshortcuts={shortcut.keys}
            disabled={mover.atEnd(direction) || mover.moving}
            onClick={() => mover.move(direction)}
          >
            {direction < 0 ? <ArrowUpwardIcon fontSize="small" /> : <ArrowDownwardIcon fontSize="small" />}
          </IconButton>
        </span>
      </Tooltip>
    );
  };

  return (
    <Box component="span" data-move-buttons sx={{ display: 'inline-flex', gap: 0.5 }}>
      {button(-1)}
      {button(1)}
    </Box>
  );
}

interface DeleteNodeButtonProps {
  /** The collection's address: the delete is `DELETE {api}/{id}`. */
  api: string;
  id: number;
  /** The question, a translation key ('Do you want to delete this item?' unless told). */
  content?: string;
  translateOptions?: Record<string, unknown>;
  onDeleted(): void;
}

/** A tree item's delete, behind the one confirm dialog. */
export function DeleteNodeButton({ api, id, content = 'app.list.delete_confirm', translateOptions, onDeleted }: DeleteNodeButtonProps) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [deleting, setDeleting] = useState(false);
  return (
    <ConfirmDeleteButton
      content={content}
      translateOptions={translateOptions}
      pending={deleting}
      run={({ onSuccess, onError }) => {
        setDeleting(true);
        dataProvider
          .send(`${api}/${id}`, { method: 'DELETE' })
          .then(onSuccess, onError)
          .finally(() => setDeleting(false));
      }}
      after={onDeleted}
    />
  );
}
