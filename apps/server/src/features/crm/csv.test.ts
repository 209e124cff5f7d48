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
  });
});
