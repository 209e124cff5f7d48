/**
 * Words owners use for days, opening, closing, time of day and prices, in the six site languages.
 * The extractors build their patterns from these tables; adding a spelling is adding a word here.
 * Latin words are matched case-insensitively at word boundaries; Japanese ones anywhere.
 */

/** Day names per weekday (0 = Sunday): full names, plurals and declined forms, abbreviations. */
export const DAY_NAMES: string[][] = [
  // Sunday
  [
    "日曜日",
    "日曜",
    "sundays",
    "sunday",
    "sun",
    "niedziele",
    "niedzielę",
    "niedziela",
    "niedzieli",
    "niedz.",
    "ndz.",
    "nd.",
    "duminica",
    "duminică",
    "duminicile",
    "dum.",
    "ahad",
    "minggu",
  ],
  [
    "月曜日",
    "月曜",
    "mondays",
    "monday",
    "mon",
    "poniedziałki",
    "poniedziałku",
    "poniedziałek",
    "pon.",
    "pn.",
    "pn",
    "lunea",
    "luni",
    "isnin",
    "senin",
  ],
  [
    "火曜日",
    "火曜",
    "tuesdays",
    "tuesday",
    "tues",
    "tue",
    "wtorki",
    "wtorku",
    "wtorek",
    "wt.",
    "marțea",
    "marți",
    "marti",
    "selasa",
  ],
  [
    "水曜日",
    "水曜",
    "wednesdays",
    "wednesday",
    "wed",
    "środy",
    "środę",
    "środa",
    "śr.",
    "miercurea",
    "miercuri",
    "rabu",
  ],
  [
    "木曜日",
    "木曜",
    "thursdays",
    "thursday",
    "thurs",
    "thu",
    "czwartki",
    "czwartku",
    "czwartek",
    "czw.",
    "joia",
    "joi",
    "khamis",
    "kamis",
  ],
  [
    "金曜日",
    "金曜",
    "fridays",
    "friday",
    "fri",
    "piątki",
    "piątku",
    "piątek",
    "pt.",
    "vinerea",
    "vineri",
    "jumaat",
    "jumat",
    "jum'at",
  ],
  [
    "土曜日",
    "土曜",
    "saturdays",
    "saturday",
    "sat",
    "soboty",
    "sobotę",
    "sobota",
    "sob.",
    "sb.",
    "sb",
    "sâmbăta",
    "sâmbătă",
    "sambata",
    "sabtu",
  ],
];

/** Japanese one-character days (月 火 …): only read as days next to other day words or labels. */
export const JA_DAY_CHARS = "日月火水木金土";

/** Romanian and Polish one-letter schedule abbreviations ("L–V", "L-S"), read only as a range. */
export const LETTER_DAYS: Record<string, number> = { L: 1, V: 5, S: 6, D: 0 };

export const WEEKDAY_WORDS = [
  "平日",
  "weekdays",
  "weekday",
  "dni robocze",
  "dni powszednie",
  "zile lucrătoare",
  "hari bekerja",
  "hari kerja",
];
export const WEEKEND_WORDS = [
  "土日",
  "weekends",
  "weekend",
  "weekendy",
  "weekend-uri",
  "hujung minggu",
  "akhir pekan",
];
export const EVERY_DAY_WORDS = [
  "年中無休",
  "期間中無休",
  "無休",
  "毎日",
  "every day",
  "everyday",
  "daily",
  "7 days a week",
  "codziennie",
  "zilnic",
  "în fiecare zi",
  "setiap hari",
  "tiap hari",
  "non-stop",
];
export const HOLIDAY_WORDS = [
  "祝祭日",
  "祝日",
  "祝",
  "national holidays",
  "public holidays",
  "holidays",
  "święta",
  "świąteczne",
  "sărbători",
  "sărbătorile legale",
  "cuti umum",
  "hari kelepasan am",
  "hari libur nasional",
  "libur nasional",
  "tanggal merah",
];

/** Words that say the business is closed (on the days next to them). */
export const CLOSED_WORDS = [
  "定休日",
  "定休",
  "休業日",
  "休業",
  "休診日",
  "休診",
  "休館日",
  "お休み",
  "休み",
  "休",
  "closed",
  "nieczynne",
  "nieczynny",
  "zamknięte",
  "zamknięty",
  "închis",
  "inchis",
  "tutup",
  "libur",
];
/** "every day except Tuesday" */
export const EXCEPT_WORDS = [
  "except",
  "excluding",
  "kecuali",
  "oprócz",
  "poza",
  "cu excepția",
  "în afară de",
  "除く",
];

/** Words that introduce opening hours; a bare "9-17" counts as hours only near one of these or a day. */
export const HOURS_WORDS = [
  "営業時間",
  "営業",
  "受付時間",
  "受付",
  "診療時間",
  "診療",
  "open",
  "opening hours",
  "hours",
  "office hours",
  "czynne",
  "otwarte",
  "godziny otwarcia",
  "godz.",
  "w godz.",
  "przyjmuję",
  "program",
  "deschis",
  "orar",
  "buka",
  "waktu operasi",
  "waktu pejabat",
  "jam buka",
  "jam operasional",
  "pukul",
  "jam",
];

/** A single opening time: "7時オープン", "opens at 7". */
export const OPENS_AT_WORDS = ["オープン", "開店", "opens at", "open at", "open from"];
export const CLOSES_AT_WORDS = ["close", "閉店"];

/** Words between two times of a range. */
export const RANGE_WORDS = [
  "から",
  "より",
  "to",
  "till",
  "until",
  "do",
  "până la",
  "pana la",
  "până",
  "hingga",
  "sehingga",
  "sampai",
  "s/d",
  "s.d.",
];

/** Time-of-day words and how they change the hour (h → 24-hour). */
export const DAYTIME_WORDS: [string, (h: number) => number][] = [
  ["午前", (h) => (h === 12 ? 0 : h)],
  ["午後", (h) => (h < 12 ? h + 12 : h)],
  ["朝", (h) => h],
  ["昼", (h) => (h < 6 ? h + 12 : h)],
  ["夕方", (h) => (h < 12 ? h + 12 : h)],
  ["夜", (h) => (h < 12 && h >= 5 ? h + 12 : h)],
  ["翌", (h) => h],
  ["深夜", (h) => h],
];
export const MERIDIEM_AFTER: [string, (h: number) => number][] = [
  ["a.m.", (h) => (h === 12 ? 0 : h)],
  ["am", (h) => (h === 12 ? 0 : h)],
  ["p.m.", (h) => (h < 12 ? h + 12 : h)],
  ["pm", (h) => (h < 12 ? h + 12 : h)],
  ["pagi", (h) => (h === 12 ? 0 : h)],
  ["tengah hari", (h) => (h < 6 ? h + 12 : h)],
  ["tengahari", (h) => (h < 6 ? h + 12 : h)],
  ["siang", (h) => (h < 6 ? h + 12 : h)],
  ["petang", (h) => (h < 12 ? h + 12 : h)],
  ["sore", (h) => (h < 12 ? h + 12 : h)],
  ["malam", (h) => (h < 12 && h >= 5 ? h + 12 : h)],
];

/** Owner's notes about hours that the data cannot hold; kept as written. */
export const HOURS_NOTE_PATTERNS = [
  /第[1-5一二三四五](?:・第?[1-5一二三四五])*[月火水木金土日]曜日?/g,
  /不定休/g,
  /売り切れ次第(?:終了|閉店)/g,
  /最終受付\s?\d{1,2}(?::\d{2}|時(?:\d{1,2}分|半)?)/g,
  /(?:L\.?O\.?|ラストオーダー)\s?\d{1,2}(?::\d{2}|時(?:\d{1,2}分|半)?)/gi,
  /(?:完全)?予約制/g,
  /\bby appointment(?: only)?\b/gi,
  /\btylko na zapisy\b/gi,
  /\bnon-stop\b/gi,
];
