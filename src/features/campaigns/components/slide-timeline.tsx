import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { restrictToVerticalAxis } from './restrict-to-vertical-axis';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Slide } from '@/entities/slide/slide';
import { SlideRow, slideTitle, type SlideRowActions } from './slide-row';

export interface SlideTimelineProps extends SlideRowActions {
  slides: Slide[];
  previewId: string | null;
  onMove: (activeId: string, overId: string) => void;
}

/** How long a dropped row keeps its raised layer while it settles into place. */
const DROP_SETTLE_MS = 250;

/** The slides as a sortable list: mouse, touch and keyboard (space, arrows, space) with announcements. */
export function SlideTimeline({ slides, previewId, onMove, ...actions }: SlideTimelineProps) {
  const { t } = useTranslation('builder');
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = useMemo(() => slides.map((slide) => slide.id), [slides]);
  const [droppingId, setDroppingId] = useState<UniqueIdentifier | null>(null);
  const dropTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(dropTimer.current), []);

  const announcements = useMemo<Announcements>(() => {
    const describe = (id: UniqueIdentifier) => {
      const index = slides.findIndex((slide) => slide.id === id);
      const slide = slides[index];
      return slide ? slideTitle(slide) : t('timeline.slide');
    };
    const position = (id: UniqueIdentifier | undefined) =>
      id === undefined ? null : slides.findIndex((slide) => slide.id === id) + 1;
    const total = slides.length;
    return {
      onDragStart: ({ active }) =>
        t('timeline.pickedUp', { title: describe(active.id), position: position(active.id), total }),
      onDragOver: ({ active, over }) =>
        over
          ? t('timeline.movedTo', { title: describe(active.id), position: position(over.id), total })
          : t('timeline.notOver', { title: describe(active.id) }),
      onDragEnd: ({ active, over }) =>
        over
          ? t('timeline.droppedAt', { title: describe(active.id), position: position(over.id), total })
          : t('timeline.dropped', { title: describe(active.id) }),
      onDragCancel: ({ active }) => t('timeline.cancelled', { title: describe(active.id) }),
    };
  }, [slides, t]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDroppingId(active.id);
    clearTimeout(dropTimer.current);
    dropTimer.current = setTimeout(() => setDroppingId(null), DROP_SETTLE_MS);
    if (over && active.id !== over.id) onMove(String(active.id), String(over.id));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[restrictToVerticalAxis]}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: t('timeline.instructions'),
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className="space-y-2" aria-label={t('timeline.list')}>
          {slides.map((slide) => (
            <SlideRow
              key={slide.id}
              slide={slide}
              isPreviewed={slide.id === previewId}
              isDropping={slide.id === droppingId}
              {...actions}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
