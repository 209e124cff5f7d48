import { type TReceipt, ZReceiptList } from "@shobai/shared";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "@/lib/i18n";
import { fakeApi } from "@/test/fake-api";
import { aUser, signIn } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import ReceiptsPage from "./receipts-page";

const RECEIPT: TReceipt = {
  id: "8f0e4a0e-0000-4000-8000-000000000001",
  number: "R-20261201-8F0E4A0E",
  issuedAt: "2026-12-01T03:00:00.000Z",
  kind: "card",
  customerName: "花子 佐藤",
  customerEmail: "hanako@example.jp",
  seller: { name: "株式会社商売", registrationNumber: "T7000012050002" },
  lines: [{ description: "ドメイン登録 sakura-ramen.jp（1年）", amountJpy: 5016, taxRate: 10 }],
  byRate: [{ taxRate: 10, totalJpy: 5016, taxJpy: 456, exclusiveJpy: 4560 }],
  totalJpy: 5016,
  taxJpy: 456,
  paymentRef: "pi_test_123",
  refundedJpy: 0,
};

beforeEach(async () => {
  await i18n.changeLanguage("ja");
  signIn(aUser({ language: "ja" }));
});

describe("ReceiptsPage", () => {
  it("shows each payment as a qualified invoice: seller, number, customer, items, tax per rate, total", async () => {
    const refunded: TReceipt = {
      ...RECEIPT,
      id: "8f0e4a0e-0000-4000-8000-000000000002",
      number: "R-20261202-8F0E4A0F",
      refundedJpy: 5016,
    };
    fakeApi.get("/api/billing/receipts", ZReceiptList, () => ({ receipts: [RECEIPT, refunded] }));
    renderWithProviders(<ReceiptsPage />, { path: "/receipts" });
    const [first, second] = await screen.findAllByTestId("receipt");
    if (!first || !second) throw new Error("two receipts expected");
    expect(first).toHaveTextContent("領収書");
    expect(first).toHaveTextContent("No. R-20261201-8F0E4A0E");
    expect(within(first).getByTestId("receipt-customer")).toHaveTextContent("花子 佐藤 様");
    expect(within(first).getByTestId("receipt-registration-number")).toHaveTextContent(
      "登録番号 T7000012050002",
    );
    expect(first).toHaveTextContent("ドメイン登録 sakura-ramen.jp（1年）");
    expect(within(first).getByTestId("receipt-rate")).toHaveTextContent("10%対象（税込）¥5,016");
    expect(within(first).getByTestId("receipt-rate")).toHaveTextContent("うち消費税（10%）¥456");
    expect(within(first).getByTestId("receipt-total")).toHaveTextContent("¥5,016");
    expect(within(first).queryByTestId("receipt-refunded")).not.toBeInTheDocument();
    expect(within(second).getByTestId("receipt-refunded")).toHaveTextContent("-¥5,016");

    const print = vi.spyOn(window, "print").mockImplementation(() => {});
    await userEvent.click(within(second).getByTestId("receipt-print"));
    expect(print).toHaveBeenCalledTimes(1);
    expect(second).toHaveAttribute("data-receipt-printing");
    expect(first).not.toHaveAttribute("data-receipt-printing");
  });

  it("says when there is nothing yet, and when the registration number is not set", async () => {
    fakeApi.get("/api/billing/receipts", ZReceiptList, () => ({ receipts: [] }));
    renderWithProviders(<ReceiptsPage />, { path: "/receipts" });
    expect(await screen.findByTestId("receipts-empty")).toHaveTextContent("まだお支払いはありません");
  });

  it("an invoice-billed registration without a number set says so", async () => {
    const invoice: TReceipt = {
      ...RECEIPT,
      kind: "invoice",
      paymentRef: null,
      seller: { name: null, registrationNumber: null },
    };
    fakeApi.get("/api/billing/receipts", ZReceiptList, () => ({ receipts: [invoice] }));
    renderWithProviders(<ReceiptsPage />, { path: "/receipts" });
    const receipt = await screen.findByTestId("receipt");
    expect(receipt).toHaveTextContent("請求書");
    expect(within(receipt).getByTestId("receipt-registration-number")).toHaveTextContent(
      "OPERATOR_INVOICE_NUMBER",
    );
  });
});
