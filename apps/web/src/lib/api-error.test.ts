import { ERROR_CODES } from "@shobai/shared/constants";
import { describe, expect, it } from "vitest";
import {
  ApiError,
  errorText,
  fieldErrors,
  getErrorCode,
  getErrorMessage,
  getErrorStatus,
  isUnauthorizedError,
  topLevelField,
} from "./api-error";

describe("error helpers", () => {
  const error = new ApiError(
    400,
    '{"message":"Current password is incorrect","code":"invalid_password"}',
    "Bad Request",
  );

  it("reads the server's message and code", () => {
    expect(getErrorMessage(error, "fallback")).toBe("Current password is incorrect");
    expect(getErrorCode(error)).toBe("invalid_password");
    expect(getErrorStatus(error)).toBe(400);
  });

  it("says fixed-meaning codes in the interface language, and the English text in English", async () => {
    const { i18n } = await import("./i18n");
    const wrong = new ApiError(
      401,
      '{"message":"Invalid email or password","code":"invalid_credentials"}',
      "",
    );
    await i18n.changeLanguage("ja");
    expect(getErrorMessage(wrong, "fallback")).toBe("メールアドレスまたはパスワードが正しくありません");
    await i18n.changeLanguage("en");
    expect(getErrorMessage(wrong, "fallback")).toBe("Invalid email or password");
    await i18n.changeLanguage("ja");
  });

  it("falls back when the body is not our JSON error", () => {
    expect(getErrorMessage(new ApiError(502, "<html>bad gateway</html>", "Bad Gateway"), "fallback")).toBe(
      "fallback",
    );
    expect(getErrorMessage(new ApiError(500, "", "Internal Server Error"), "fallback")).toBe("fallback");
    expect(getErrorMessage(new TypeError("Failed to fetch"), "fallback")).toBe("fallback");
    expect(getErrorMessage("weird", "fallback")).toBe("fallback");
  });

  it("understands plain Errors in the `status: body` form too", () => {
    const plain = new Error('401: {"message":"Unauthorized"}');
    expect(isUnauthorizedError(plain)).toBe(true);
    expect(getErrorMessage(plain, "x")).toBe("Unauthorized");
  });
});

describe("errors as data", () => {
  const refused = new ApiError(
    400,
    JSON.stringify({
      message: "email: Invalid email address; phone: phone must be a phone number",
      code: "validation_error",
      issues: [
        { path: "email", code: "invalid_format", message: "Invalid email address" },
        { path: "ownerContact.postalCode", code: "too_big", message: "too long" },
        { path: "email", code: "too_big", message: "second issue of the same field" },
        { path: "notes", code: "brand_new_code", message: "?" },
      ],
    }),
    "Bad Request",
  );

  it("says every error code in the interface language, never the server's English", async () => {
    const { i18n } = await import("./i18n");
    await i18n.changeLanguage("ja");
    expect(errorText(refused, "x")).toBe("入力内容に誤りがあります。印の付いた項目をご確認ください。");
    for (const code of Object.values(ERROR_CODES)) {
      const text = errorText(new ApiError(400, JSON.stringify({ message: "English", code }), ""), "x");
      expect(text, code).not.toBe("x");
      expect(text, code).not.toContain("serverErrors");
    }
    expect(errorText(new ApiError(502, "<html>", "Bad Gateway"), "fallback")).toBe("fallback");
    await i18n.changeLanguage("en");
    expect(errorText(refused, "x")).toBe("Some fields need attention. Check the marked fields.");
    await i18n.changeLanguage("ja");
  });

  it("maps field issues to a form's fields by path, first issue first, with a text per issue code", () => {
    const errors = fieldErrors(refused, topLevelField(["email", "ownerContact", "notes"] as const));
    expect(errors).toEqual({
      email: "形式が正しくありません。",
      ownerContact: "長すぎます。",
      notes: "この値は使用できません。",
    });
    const own = fieldErrors(
      refused,
      (path) => (path.endsWith("postalCode") ? "postalCode" : undefined),
      () => "郵便番号の形式で入力してください",
    );
    expect(own).toEqual({ postalCode: "郵便番号の形式で入力してください" });
  });
});
