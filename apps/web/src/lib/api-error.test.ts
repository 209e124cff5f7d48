import { describe, expect, it } from "vitest";
import { ApiError, getErrorCode, getErrorMessage, getErrorStatus, isUnauthorizedError } from "./api-error";

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
