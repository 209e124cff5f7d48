import { z } from "zod";

/**
 * The business that runs this Shobai server, as the 特定商取引法に基づく表記 (/commercial-law)
 * shows it. Each field is null until the operator sets its OPERATOR_* variable.
 */
export const ZOperatorInfo = z.object({
  /** 販売事業者: company or trade name (OPERATOR_NAME). */
  name: z.string().nullable(),
  /** 運営統括責任者: the person responsible (OPERATOR_REPRESENTATIVE). */
  representative: z.string().nullable(),
  /** 所在地: postal address (OPERATOR_ADDRESS). */
  address: z.string().nullable(),
  /** 電話番号 (OPERATOR_PHONE). */
  phone: z.string().nullable(),
  /** メールアドレス (OPERATOR_EMAIL). */
  email: z.string().nullable(),
  /** 適格請求書発行事業者登録番号, T + 13 digits (OPERATOR_INVOICE_NUMBER); decision 0043. */
  invoiceNumber: z.string().nullable().optional(),
});
export type TOperatorInfo = z.infer<typeof ZOperatorInfo>;
