import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import type { TSectionLayout } from "@shobai/sitegen/editor";
import { ArrowDown, ArrowUp, ChevronDown, Eye, EyeOff, GripVertical, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { useTranslation } from "@/lib/use-translation";
import { RegenerateButton } from "./regenerate-button";
import { SectionFields } from "./section-fields";
import {
  addSection,
  deleteSection,
  isTextSection,
  missingSections,
  moveSection,
  sectionsOf,
  type TSectionId,
  toggleSection,
} from "./site-edits";
import { useChange, useDerived } from "./store-context";

function SectionRow({
  section,
  index,
  count,
  open,
  onToggleOpen,
}: {
  section: TSectionLayout;
  index: number;
  count: number;
  open: boolean;
  onToggleOpen: () => void;
}) {
  const { t } = useTranslation("websites");
  const change = useChange();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: section.id,
    });
  const name = t(`editor.section.${section.id}`);
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn("rounded-lg border border-border bg-background", isDragging && "z-10 shadow-popover")}
      data-testid="editor-section"
      data-section={section.id}
    >
      <div className="flex items-center gap-1 p-1.5">
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="grid size-8 cursor-grab touch-none place-items-center rounded-md text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
          aria-label={t("editor.sections.drag", { section: name })}
          data-testid="editor-section-drag"
          {...attributes}
          {...listeners}
        >
          <GripVertical className="size-4" aria-hidden />
        </button>
        <button
          type="button"
          className={cn(
            "flex min-w-0 flex-1 items-center gap-2 rounded-md px-1 py-1 text-left text-sm font-medium hover:bg-muted",
            section.hidden && "text-muted-foreground line-through",
          )}
          aria-expanded={open}
          onClick={onToggleOpen}
          data-testid="editor-section-open"
        >
          <ChevronDown
            className={cn("size-4 shrink-0 transition-transform", open && "rotate-180")}
            aria-hidden
          />
          <span className="truncate">{name}</span>
        </button>
        <Button
          variant="ghost"
          size="icon-sm"
          disabled={index === 0}
          aria-label={t("editor.sections.up", { section: name })}
          onClick={() => change((site) => moveSection(site, index, index - 1))}
          data-testid="editor-section-up"
        >
          <ArrowUp aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon-sm"
          disabled={index === count - 1}
          aria-label={t("editor.sections.down", { section: name })}
          onClick={() => change((site) => moveSection(site, index, index + 1))}
          data-testid="editor-section-down"
        >
          <ArrowDown aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={t(section.hidden ? "editor.sections.show" : "editor.sections.hide", { section: name })}
          aria-pressed={section.hidden}
          onClick={() => change((site) => toggleSection(site, section.id))}
          data-testid="editor-section-hide"
        >
          {section.hidden ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
        </Button>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={t("editor.sections.delete", { section: name })}
          onClick={() => change((site) => deleteSection(site, section.id))}
          data-testid="editor-section-delete"
        >
          <Trash2 aria-hidden />
        </Button>
      </div>
      {open ? (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-3 border-t border-border p-3">
          <SectionFields id={section.id} />
          {isTextSection(section.id) ? <RegenerateButton section={section.id} /> : null}
        </div>
      ) : null}
    </li>
  );
}

/** The page's sections: reorder (drag or buttons), hide, delete, add back; each opens to its texts. */
export function SectionsPanel() {
  const { t } = useTranslation("websites");
  const sections = useDerived(sectionsOf);
  const missing = useDerived(missingSections);
  const change = useChange();
  const [open, setOpen] = useState<TSectionId | "hero" | null>("hero");
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = sections.findIndex((s) => s.id === active.id);
    const to = sections.findIndex((s) => s.id === over.id);
    if (from >= 0 && to >= 0) change((site) => moveSection(site, from, to));
  };
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <div className="rounded-lg border border-border bg-background">
        <button
          type="button"
          className="flex w-full items-center gap-2 p-3 text-left text-sm font-medium hover:bg-muted"
          aria-expanded={open === "hero"}
          onClick={() => setOpen(open === "hero" ? null : "hero")}
        >
          <ChevronDown
            className={cn("size-4 transition-transform", open === "hero" && "rotate-180")}
            aria-hidden
          />
          {t("editor.section.hero")}
        </button>
        {open === "hero" ? (
          <div className="grid grid-cols-[minmax(0,1fr)] gap-3 border-t border-border p-3">
            <SectionFields id="hero" />
            <RegenerateButton section="hero" />
          </div>
        ) : null}
      </div>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={sections.map((s) => s.id)} strategy={verticalListSortingStrategy}>
          <ol
            className="m-0 grid list-none grid-cols-[minmax(0,1fr)] gap-2 p-0"
            aria-label={t("editor.sections.label")}
          >
            {sections.map((section, i) => (
              <SectionRow
                key={section.id}
                section={section}
                index={i}
                count={sections.length}
                open={open === section.id}
                onToggleOpen={() => setOpen(open === section.id ? null : section.id)}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      {missing.length > 0 ? (
        <div className="grid gap-2">
          <p className="text-xs font-medium text-muted-foreground">{t("editor.sections.add")}</p>
          <div className="flex flex-wrap gap-2">
            {missing.map((id) => (
              <Button
                key={id}
                variant="outline"
                size="sm"
                onClick={() => change((site) => addSection(site, id))}
                data-testid={`editor-add-${id}`}
              >
                <Plus aria-hidden />
                {t(`editor.section.${id}`)}
              </Button>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}
