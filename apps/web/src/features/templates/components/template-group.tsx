import { useRef, useState } from 'react';
import { Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TemplateListItem } from '@salon/contract/templates';
import type { TemplateKind } from '@salon/contract/templates-rules';
import { TemplateRow, type RowAction } from './template-row';

interface TemplateGroupProps {
  kind: TemplateKind;
  items: TemplateListItem[];
  heading: string | null;
  accId: number | null;
  canEdit: boolean;
  switchingId: string | null;
  onSwitch: (item: TemplateListItem, state: boolean) => void;
  // Moves the tab's item `from` to `to` (positions within `items`).
  onReorder: (from: number, to: number) => void;
  onAction: (item: TemplateListItem, action: RowAction) => void;
}

// The templates of one kind in their send order. Reordering: drag a card (HTML5 drag and drop) or
// use its up/down buttons; the focus follows the moved card and the move is announced.
export function TemplateGroup({
  kind,
  items,
  heading,
  accId,
  canEdit,
  switchingId,
  onSwitch,
  onReorder,
  onAction,
}: TemplateGroupProps) {
  const { t } = useTranslation('templates');
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const canReorder = canEdit && items.length > 1;

  const move = (from: number, to: number, direction?: 'up' | 'down') => {
    if (to < 0 || to >= items.length || from === to) return;
    const item = items[from]!;
    onReorder(from, to);
    setAnnouncement(t('list.moved', { title: item.title, position: to + 1, count: items.length }));
    if (direction) {
      // The card moved in the DOM and lost the focus; give it back to the same button, or to the
      // other one when the card reached an end.
      const edge = (direction === 'up' && to === 0) || (direction === 'down' && to === items.length - 1);
      const target = edge ? (direction === 'up' ? 'down' : 'up') : direction;
      requestAnimationFrame(() => buttons.current.get(`${item.id}:${target}`)?.focus());
    }
  };

  const endDrag = () => {
    setDragFrom(null);
    setDragOver(null);
  };

  return (
    <Stack gap="xs" data-testid={`template-group-${kind}`}>
      {heading && (
        <Title order={2} size="h5" c="dimmed" tt="uppercase" fw={600}>
          {heading}
        </Title>
      )}
      {canReorder && (
        <Text size="xs" c="dimmed">
          {t('list.reorderHint')}
        </Text>
      )}
      {items.map((item, index) => (
        <TemplateRow
          key={item.id}
          item={item}
          index={index}
          count={items.length}
          accId={accId}
          canEdit={canEdit}
          canReorder={canReorder}
          dragging={dragFrom === index}
          dropTarget={dragFrom !== null && dragOver === index && dragOver !== dragFrom}
          switching={switchingId === item.id}
          onSwitch={(state) => onSwitch(item, state)}
          onMove={(to) => move(index, to, to < index ? 'up' : 'down')}
          onAction={(action) => onAction(item, action)}
          moveButtonRef={(direction, node) => {
            const key = `${item.id}:${direction}`;
            if (node) buttons.current.set(key, node);
            else buttons.current.delete(key);
          }}
          dragHandlers={{
            onDragStart: (event) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', item.id);
              setDragFrom(index);
            },
            onDragEnter: (event) => {
              if (dragFrom === null) return;
              event.preventDefault();
              setDragOver(index);
            },
            onDragOver: (event) => {
              if (dragFrom === null) return;
              event.preventDefault();
              event.dataTransfer.dropEffect = 'move';
            },
            onDrop: (event) => {
              event.preventDefault();
              if (dragFrom !== null) move(dragFrom, index);
              endDrag();
            },
            onDragEnd: endDrag,
          }}
        />
      ))}
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </Stack>
  );
}
