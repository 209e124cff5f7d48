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
