/** Maps the header row of a contacts spreadsheet (ours, or a common one in ja/en) to our fields. */

export type ContactColumn =
  | "firstName"
  | "lastName"
  | "fullName"
  | "firstNameKana"
  | "lastNameKana"
  | "fullNameKana"
  | "email"
  | "company"
  | "companyKana"
  | "phone"
  | "status"
  | "source"
  | "createdAt"
  | "tags";

const ALIASES: Record<ContactColumn, string[]> = {
  firstName: ["firstname", "first", "givenname", "forename", "名", "下の名前", "名(名)", "めい"],
  lastName: ["lastname", "last", "surname", "familyname", "姓", "苗字", "名字", "せい"],
  fullName: ["name", "fullname", "contactname", "氏名", "名前", "お名前", "フルネーム", "担当者", "担当者名"],
  // Readings: our export writes セイ and メイ; spreadsheets often carry one フリガナ column.
  lastNameKana: [
    "セイ",
    "姓フリガナ",
    "姓(フリガナ)",
    "姓(カナ)",
    "lastnamekana",
    "lastname(kana)",
    "familynamekana",
  ],
  firstNameKana: [
    "メイ",
    "名フリガナ",
    "名(フリガナ)",
    "名(カナ)",
    "firstnamekana",
    "firstname(kana)",
    "givennamekana",
  ],
  fullNameKana: [
    "フリガナ",
    "ふりがな",
    "よみがな",
    "ヨミガナ",
    "カナ",
    "氏名フリガナ",
    "氏名(フリガナ)",
    "namekana",
    "furigana",
    "kana",
  ],
  email: [
    "email",
    "e-mail",
    "mail",
    "emailaddress",
    "メール",
    "メールアドレス",
    "eメール",
    "電子メール",
    "mailaddress",
  ],
  company: [
    "company",
    "companyname",
    "organization",
    "organisation",
    "business",
    "会社",
    "会社名",
    "企業名",
    "法人名",
    "屋号",
    "所属",
  ],
  companyKana: ["会社名フリガナ", "会社フリガナ", "会社名(フリガナ)", "companykana", "company(kana)"],
  phone: [
    "phone",
    "phonenumber",
    "tel",
    "telephone",
    "mobile",
    "電話",
    "電話番号",
    "携帯",
    "携帯電話",
    "携帯番号",
    "連絡先",
  ],
  status: ["status", "stage", "ステータス", "状態"],
  source: ["source", "流入元", "登録経路"],
  createdAt: ["created", "createdat", "登録日時", "作成日時"],
  tags: ["tags", "tag", "タグ", "ラベル"],
};

function normalise(header: string): string {
  return header
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\s_.・]/g, "")
    .trim();
}

const LOOKUP = new Map<string, ContactColumn>(
  Object.entries(ALIASES).flatMap(([column, names]) =>
    names.map((n) => [normalise(n), column as ContactColumn]),
  ),
);

/** Column index of each field that the header names; the first match of a field wins. */
export function mapHeader(header: string[]): Partial<Record<ContactColumn, number>> {
  const map: Partial<Record<ContactColumn, number>> = {};
  header.forEach((cell, index) => {
    const column = LOOKUP.get(normalise(cell));
    if (column && map[column] === undefined) map[column] = index;
  });
  return map;
}

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;

/** A single name column: Japanese writes family name first ("山田 太郎"), Latin scripts last. */
export function splitFullName(full: string): { firstName: string; lastName: string } {
  const parts = full
    .trim()
    .split(/[\s\u3000]+/)
    .filter(Boolean);
  // One word: in Japanese most likely the family name (many records carry it alone); in a Latin
  // script the name a person goes by.
  if (parts.length < 2) {
    const word = parts[0] ?? "";
    return CJK.test(word) ? { firstName: "", lastName: word } : { firstName: word, lastName: "" };
  }
  if (CJK.test(full)) return { lastName: parts[0] ?? "", firstName: parts.slice(1).join(" ") };
  return { firstName: parts[0] ?? "", lastName: parts.slice(1).join(" ") };
}

/** A single reading column (「ササキ ハナコ」): family reading first, as Japanese writes it. */
export function splitFullKana(full: string): { firstNameKana: string; lastNameKana: string } {
  const parts = full
    .trim()
    .split(/[\s\u3000]+/)
    .filter(Boolean);
  return { lastNameKana: parts[0] ?? "", firstNameKana: parts.slice(1).join(" ") };
}
