import { describe, expect, it } from "vitest";
import { CsvSyntaxError, parseCsv, toCsv, unescapeCell } from "./csv";
import { mapHeader, splitFullName } from "./csv-columns";

describe("CSV", () => {
  it("parses quotes, doubled quotes, embedded newlines, CRLF, a BOM and blank lines", () => {
    const text = '\ufeffa,b,c\r\n"x, y","say ""hi""","line1\nline2"\r\n\r\n1,,3';
    expect(parseCsv(text)).toEqual([
      ["a", "b", "c"],
      ["x, y", 'say "hi"', "line1\nline2"],
      ["1", "", "3"],
    ]);
  });

  it("detects tab and semicolon separated files", () => {
    expect(parseCsv("名\tメール\n太郎\ttaro@example.jp")).toEqual([
      ["名", "メール"],
      ["太郎", "taro@example.jp"],
    ]);
    expect(parseCsv("a;b\n1;2")).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
  });

  it("refuses an unclosed quote, naming the line", () => {
    expect(() => parseCsv('a,b\n"open,2\n3,4')).toThrow(CsvSyntaxError);
    expect(() => parseCsv('a,b\n"open,2\n3,4')).toThrow("line 2");
  });

  it("writes a BOM, CRLF, quotes where needed, and guards formulas reversibly", () => {
    const csv = toCsv([
      ["name", "note"],
      ["=HYPERLINK()", "a,b"],
      ["+81 90-1234-5678", 'He said "ok"'],
    ]);
    expect(csv.startsWith("\ufeff")).toBe(true);
    expect(csv).toContain("\r\n");
    const back = parseCsv(csv).map((r) => r.map(unescapeCell));
    expect(back).toEqual([
      ["name", "note"],
      ["=HYPERLINK()", "a,b"],
      ["+81 90-1234-5678", 'He said "ok"'],
    ]);
    expect(parseCsv(csv)[1]?.[0]).toBe("'=HYPERLINK()");
  });
});

describe("CSV edge cases", () => {
  it("keeps line breaks (CRLF, LF, CR) and doubled quotes inside quoted fields", () => {
    const text = '\ufeff名前,メモ\r\n"山田 太郎","一行目\r\n二行目\n三行目\r四行目 ""引用"""\r\n';
    expect(parseCsv(text)).toEqual([
      ["名前", "メモ"],
      ["山田 太郎", '一行目\r\n二行目\n三行目\r四行目 "引用"'],
    ]);
  });

  it("reads a BOM once, CRLF and LF rows alike, ragged rows and spaces around quotes", () => {
    expect(parseCsv('\ufeffa,b,c\r\n1,2\n3,"4" ,5,6\r\n,,\r\n')).toEqual([
      ["a", "b", "c"],
      ["1", "2"],
      ["3", "4", "5", "6"],
    ]);
    // Excel writes the BOM right before a quoted first header.
    expect(parseCsv('\ufeff"名前","メール"\r\n"太郎",taro@example.jp')).toEqual([
      ["名前", "メール"],
      ["太郎", "taro@example.jp"],
    ]);
  });

  it("names the line of a stray quote, also after multi-line fields and Japanese text", () => {
    expect(() => parseCsv('a,b\nx"y,2')).toThrow("line 2: a quote inside an unquoted field");
    expect(() => parseCsv('名前,メモ\n"一\n二",ok\n"閉じない,3\n4,5')).toThrow(
      "line 4: a quoted field is never closed",
    );
  });

  it("writes what it reads back: line breaks, quotes, edge spaces, delimiters and formulas", () => {
    const rows = [
      ["name", "note"],
      ["a\nb", "c\rd"],
      [" padded ", 'q"uote'],
      ["x;y\tz", "@SUM(A1)"],
      ["-1", "\t=cmd"],
    ];
    const csv = toCsv(rows);
    expect(csv).toContain('"a\nb","c\rd"\r\n');
    expect(csv).toContain("'@SUM(A1)");
    expect(parseCsv(csv).map((r) => r.map(unescapeCell))).toEqual(rows);
  });
});

describe("spreadsheet headers", () => {
  it("maps our export, English and Japanese headers", () => {
    expect(mapHeader(["firstName", "lastName", "email", "company", "phone", "status"])).toEqual({
      firstName: 0,
      lastName: 1,
      email: 2,
      company: 3,
      phone: 4,
      status: 5,
    });
    expect(mapHeader(["姓", "名", "メールアドレス", "会社名", "電話番号"])).toEqual({
      lastName: 0,
      firstName: 1,
      email: 2,
      company: 3,
      phone: 4,
    });
    expect(mapHeader(["First Name", "E-mail", "Phone Number", "Notes"])).toEqual({
      firstName: 0,
      email: 1,
      phone: 2,
    });
    expect(mapHeader(["氏名", "ＭＡＩＬ"])).toEqual({ fullName: 0, email: 1 });
  });

  it("splits a single name column by script", () => {
    expect(splitFullName("山田 太郎")).toEqual({ lastName: "山田", firstName: "太郎" });
    expect(splitFullName("山田　花子")).toEqual({ lastName: "山田", firstName: "花子" });
    expect(splitFullName("Anna Maria Kowalska")).toEqual({ firstName: "Anna", lastName: "Maria Kowalska" });
    expect(splitFullName("Ken")).toEqual({ firstName: "Ken", lastName: "" });
    expect(splitFullName("佐々木")).toEqual({ firstName: "", lastName: "佐々木" });
  });
});
