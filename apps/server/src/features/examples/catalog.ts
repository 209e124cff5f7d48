import { LANGUAGES, type TBusinessCategory } from "@shobai/shared";
import { composeSite, type TGenerationInput } from "@shobai/sitegen";

/**
 * One fictional business per industry, described in two sentences as an owner would type them.
 * The names are made up; no phone numbers, email or street addresses, so nothing points at a real shop.
 */
export const EXAMPLE_DESCRIPTIONS: Record<TBusinessCategory, string> = {
  consulting:
    "「みなと経営相談室」は横浜市の中小企業向け経営コンサルティング事務所です。事業計画づくり、資金繰りの相談、補助金申請の支援を行っています。",
  technology:
    "「ソラノ・システム工房」は福岡市のソフトウェア開発会社です。業務アプリ開発、ウェブサイト制作、クラウド移行の支援を行っています。",
  healthcare:
    "「こもれび整骨院」は札幌市の整骨院で、肩こりや腰痛の施術、スポーツ障害のリハビリに対応しています。診療時間は9:00〜19:00、日曜休診です。",
  finance:
    "「あおば会計事務所」は仙台市の税理士事務所です。個人事業主の確定申告、法人の決算、記帳代行を承っています。",
  retail: "「いろは雑貨店」は京都市の小さな雑貨店です。木のお箸、陶器の器、和紙の小物を販売しています。",
  restaurant:
    "「麺処ひだまり」は名古屋市の家族経営のラーメン店です。醤油ラーメンと手作り餃子が人気で、営業は11時〜21時、火曜定休です。",
  "real-estate":
    "「かもめ住まいの窓口」は神戸市の不動産会社です。賃貸マンションの仲介、中古住宅の売買、空き家の管理を行っています。",
  education:
    "「ことのは英語教室」は大阪市の子ども向け英語教室です。小学生の英会話クラス、英検対策、オンライン個別レッスンを行っています。",
  legal: "「さくら通り法律事務所」は広島市の法律事務所です。相続、離婚、交通事故の法律相談に対応しています。",
  creative:
    "「スタジオ・アオイ」は金沢市のデザイン事務所です。ロゴデザイン、パンフレット制作、商品写真の撮影を手がけています。",
};

/** The generator's input for an industry's example: every language, Japan as the market. */
export function exampleInput(industry: TBusinessCategory): TGenerationInput {
  return {
    businessDescription: EXAMPLE_DESCRIPTIONS[industry],
    businessType: industry,
    targetMarket: "japan",
    languages: [...LANGUAGES],
  };
}

export function composeExample(industry: TBusinessCategory) {
  return composeSite(exampleInput(industry));
}
