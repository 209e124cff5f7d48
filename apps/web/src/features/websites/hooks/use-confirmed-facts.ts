import type { TConfirmedFacts, TFactItemInput, TOpeningHoursInput, TSiteFacts } from "@shobai/shared";
import { useCallback, useState } from "react";

/** The facts the form shows, field by field: what the owner typed wins over what was read. */
export type TFactsDraft = {
  name: string;
  place: string;
  phone: string;
  email: string;
  address: string;
  foundedYear: string;
  items: TFactItemInput[];
  hours: TOpeningHoursInput | null;
  /** One remark a line (初回相談無料). */
  notes: string;
  representative: string;
};
export type TFactKey = keyof TFactsDraft;

const EMPTY: TFactsDraft = {
  name: "",
  place: "",
  phone: "",
  email: "",
  address: "",
  foundedYear: "",
  items: [],
  hours: null,
  notes: "",
  representative: "",
};

function fromReading(facts: TSiteFacts | undefined): TFactsDraft {
  if (!facts) return EMPTY;
  return {
    name: facts.name ?? "",
    place: facts.place ?? "",
    phone: facts.phone ?? "",
    email: facts.email ?? "",
    address: facts.address ?? "",
    foundedYear: facts.foundedYear ? String(facts.foundedYear) : "",
    items: facts.items,
    hours: facts.hours,
    notes: (facts.notes ?? []).join("\n"),
    representative: facts.profile?.representative ?? "",
  };
}

const text = (value: string) => (value.trim() ? value.trim() : null);

/**
 * The confirm form's state: the reading of the description fills every field the owner has not
 * touched; a touched field keeps the owner's value while they go on typing. `confirmed()` is what
 * generation receives: every field the owner saw (read or typed), so the site shows exactly that.
 */
export function useConfirmedFacts(
  reading: TSiteFacts | undefined,
  /** The import form also shows the notes and the representative (so they are confirmed too). */
  options: { profileAndNotes?: boolean } = {},
) {
  const [edited, setEdited] = useState<Partial<TFactsDraft>>({});
  const shown: TFactsDraft = { ...fromReading(reading), ...edited };

  const set = useCallback(<K extends TFactKey>(key: K, value: TFactsDraft[K]) => {
    setEdited((current) => ({ ...current, [key]: value }));
  }, []);
  const reset = useCallback(() => setEdited({}), []);

  function confirmed(): TConfirmedFacts | undefined {
    const seen = (key: TFactKey) => reading !== undefined || key in edited;
    const facts: TConfirmedFacts = {};
    if (seen("name")) facts.name = text(shown.name);
    if (seen("place")) facts.place = text(shown.place);
    if (seen("phone")) facts.phone = text(shown.phone);
    if (seen("email")) facts.email = text(shown.email);
    if (seen("address")) facts.address = text(shown.address);
    if (seen("foundedYear"))
      facts.foundedYear = /^\d{4}$/.test(shown.foundedYear) ? Number(shown.foundedYear) : null;
    if (seen("items")) facts.items = shown.items.filter((item) => item.name.trim());
    if (seen("hours")) facts.hours = shown.hours;
    if (options.profileAndNotes && seen("notes"))
      facts.notes = shown.notes
        .split("\n")
        .map((n) => n.trim())
        .filter(Boolean)
        .slice(0, 8);
    if (options.profileAndNotes && seen("representative")) {
      const representative = text(shown.representative);
      const qualifications = reading?.profile?.qualifications ?? [];
      facts.profile = representative || qualifications.length > 0 ? { representative, qualifications } : null;
    }
    return Object.keys(facts).length > 0 ? facts : undefined;
  }

  return { shown, edited, set, reset, confirmed };
}
