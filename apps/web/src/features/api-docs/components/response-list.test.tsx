import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "@/test/render";
import type { OpenApiDocument } from "../openapi-types";
import { ResponseList } from "./response-list";

const doc: OpenApiDocument = {
  components: {
    schemas: {
      ApiError: {
        type: "object",
        properties: { code: { type: "string" }, message: { type: "string" } },
        required: ["code", "message"],
      },
    },
  },
};

describe("ResponseList", () => {
  it("renders a body's fields when it is first opened, through a reference, and keeps them", () => {
    const { container } = renderWithProviders(
      <ResponseList
        doc={doc}
        responses={{
          "200": { description: "The contact" },
          "400": {
            description: "Bad input",
            content: { "application/json": { schema: { $ref: "#/components/schemas/ApiError" } } },
          },
        }}
      />,
    );
    expect(screen.getAllByTestId("api-response")).toHaveLength(2);
    expect(screen.getByText("Bad input")).toBeTruthy();
    // Closed: the fields are not in the page yet.
    expect(screen.queryByText("message")).toBeNull();
    const details = container.querySelector("details") as HTMLDetailsElement;
    details.open = true;
    fireEvent(details, new Event("toggle"));
    expect(screen.getByText("message")).toBeTruthy();
    expect(screen.getByText("code")).toBeTruthy();
    // Closed again, the fields stay (they are only hidden by the browser).
    details.open = false;
    fireEvent(details, new Event("toggle"));
    expect(screen.getByText("message")).toBeTruthy();
  });
});
