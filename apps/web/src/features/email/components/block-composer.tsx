import { type TEmailBlock, type TLanguage, ZEmailBlock } from "@shobai/shared";
import {
  ArrowDown,
  ArrowUp,
  Heading,
  Image,
  LayoutTemplate,
  Minus,
  MousePointerClick,
  MoveVertical,
  Trash2,
  Type,
} from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { useTranslation } from "@/lib/use-translation";
import { TEMPLATE_KINDS, templateBlocks } from "./email-templates";

const BLOCK_TYPES = ["heading", "text", "image", "button", "divider", "spacer"] as const;
type BlockType = (typeof BLOCK_TYPES)[number];
const ICONS = {
  heading: Heading,
  text: Type,
  image: Image,
  button: MousePointerClick,
  divider: Minus,
  spacer: MoveVertical,
} as const;

const newBlock = (type: BlockType): TEmailBlock => {
  switch (type) {
    case "heading":
      return { type, text: "" };
    case "text":
      return { type, text: "" };
    case "image":
      return { type, src: "https://", alt: "", href: "" };
    case "button":
      return { type, label: "", href: "https://" };
    default:
      return { type };
  }
};

/** Whether a block is ready to save (its addresses start with https://, a button has a label). */
export const blockProblem = (block: TEmailBlock): boolean => !ZEmailBlock.safeParse(block).success;

function BlockFields({
  block,
  onChange,
  invalid,
}: {
  block: TEmailBlock;
  onChange: (block: TEmailBlock) => void;
  invalid: boolean;
}) {
  const { t } = useTranslation("email");
  const id = useId();
  if (block.type === "heading") {
    return (
      <Input
        aria-label={t("composer.block.heading")}
        value={block.text}
        maxLength={300}
        onChange={(e) => onChange({ ...block, text: e.target.value })}
        className="font-semibold"
        data-testid="composer-heading"
      />
    );
  }
  if (block.type === "text") {
    return (
      <Textarea
        aria-label={t("composer.block.text")}
        rows={4}
        value={block.text}
        maxLength={10_000}
        onChange={(e) => onChange({ ...block, text: e.target.value })}
        data-testid="composer-text"
      />
    );
  }
  if (block.type === "image") {
    return (
      <div className="grid gap-2 sm:grid-cols-2">
        <div className="grid gap-1 sm:col-span-2">
          <Label htmlFor={`${id}-src`}>{t("composer.imageUrl")}</Label>
          <Input
            id={`${id}-src`}
            type="url"
            value={block.src}
            onChange={(e) => onChange({ ...block, src: e.target.value })}
            aria-invalid={invalid || undefined}
            data-testid="composer-image-src"
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-alt`}>{t("composer.imageAlt")}</Label>
          <Input
            id={`${id}-alt`}
            value={block.alt}
            maxLength={300}
            onChange={(e) => onChange({ ...block, alt: e.target.value })}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-href`}>{t("composer.imageLink")}</Label>
          <Input
            id={`${id}-href`}
            type="url"
            value={block.href}
            placeholder="https://"
            onChange={(e) => onChange({ ...block, href: e.target.value })}
          />
        </div>
      </div>
    );
  }
  if (block.type === "button") {
    return (
      <div className="grid gap-2 sm:grid-cols-2">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-label`}>{t("composer.buttonLabel")}</Label>
          <Input
            id={`${id}-label`}
            value={block.label}
            maxLength={100}
            onChange={(e) => onChange({ ...block, label: e.target.value })}
            aria-invalid={(invalid && !block.label.trim()) || undefined}
            data-testid="composer-button-label"
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-link`}>{t("composer.buttonLink")}</Label>
          <Input
            id={`${id}-link`}
            type="url"
            value={block.href}
            onChange={(e) => onChange({ ...block, href: e.target.value })}
            aria-invalid={invalid || undefined}
            data-testid="composer-button-href"
          />
        </div>
      </div>
    );
  }
  return <hr className="my-2 border-border" />;
}

/**
 * The block composer (issue 22): headings, texts, images, buttons, dividers and space, in order,
 * from a template or from scratch. The server renders them to email-safe HTML with MJML and derives
 * the plain-text part; the send dialog's preview shows the result. Loaded only when chosen.
 */
export default function BlockComposer({
  blocks,
  onChange,
  language,
  showProblems,
}: {
  blocks: TEmailBlock[];
  onChange: (blocks: TEmailBlock[]) => void;
  /** The templates' language (the campaign's footer language, else the interface's). */
  language: TLanguage;
  showProblems: boolean;
}) {
  const { t } = useTranslation("email");
  const move = (from: number, to: number) => {
    const next = [...blocks];
    const [block] = next.splice(from, 1);
    if (block) next.splice(to, 0, block);
    onChange(next);
  };
  return (
    <div className="grid gap-3" data-testid="block-composer">
      <div className="flex flex-wrap items-center gap-2">
        <span className="flex items-center gap-1 text-xs font-medium text-muted-foreground">
          <LayoutTemplate className="size-4" aria-hidden />
          {t("composer.templates")}
        </span>
        {TEMPLATE_KINDS.map((kind) => (
          <Button
            key={kind}
            type="button"
            variant="outline"
            size="sm"
            onClick={() => onChange(templateBlocks(kind, language))}
            data-testid={`composer-template-${kind}`}
          >
            {t(`composer.template.${kind}`)}
          </Button>
        ))}
      </div>
      <ol className="grid gap-2">
        {blocks.map((block, index) => {
          const Icon = ICONS[block.type];
          const invalid = showProblems && blockProblem(block);
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no ids; order is their identity
              key={index}
              className={`grid gap-2 rounded-lg border p-2 sm:p-3 ${invalid ? "border-destructive" : "border-border"}`}
              data-testid="composer-block"
            >
              <div className="flex items-center justify-between gap-2">
                <span className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
                  <Icon className="size-4" aria-hidden />
                  {t(`composer.block.${block.type}`)}
                </span>
                <span className="flex gap-1">
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon-sm"
                    aria-label={t("composer.up")}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    <ArrowUp aria-hidden />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon-sm"
                    aria-label={t("composer.down")}
                    disabled={index === blocks.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    <ArrowDown aria-hidden />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon-sm"
                    className="text-destructive hover:bg-destructive-soft"
                    aria-label={t("composer.remove")}
                    onClick={() => onChange(blocks.filter((_, i) => i !== index))}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </span>
              </div>
              <BlockFields
                block={block}
                invalid={invalid}
                onChange={(next) => onChange(blocks.map((b, i) => (i === index ? next : b)))}
              />
              {invalid ? (
                <p className="text-xs text-destructive" role="alert">
                  {t("composer.problem")}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap items-center gap-1.5">
        <span className="text-xs font-medium text-muted-foreground">{t("composer.add")}</span>
        {BLOCK_TYPES.map((type) => {
          const Icon = ICONS[type];
          return (
            <Button
              key={type}
              type="button"
              variant="outline"
              size="sm"
              onClick={() => onChange([...blocks, newBlock(type)])}
              data-testid={`composer-add-${type}`}
            >
              <Icon aria-hidden />
              {t(`composer.block.${type}`)}
            </Button>
          );
        })}
      </div>
      <p className="text-xs text-muted-foreground">{t("composer.hint")}</p>
    </div>
  );
}
