import type { Language } from "../../../contract/languages.ts";
import { moneyIn, type Amounts, type Money } from "./money.ts";

/** Plan features in the order the comparison table lists them. */
export const FEATURE_IDS = [
  "scheduling",
  "emailNotifications",
  "smsNotifications",
  "calendarIntegration",
  "customVoice",
  "analyticsDashboard",
  "prioritySupport",
  "accountManager",
] as const;
export type FeatureId = (typeof FEATURE_IDS)[number];

type TierId = "starter" | "growth" | "business" | "enterprise";

interface TierBase {
  id: TierId;
  popular: boolean;
  features: readonly FeatureId[];
}

/** A plan with published figures; all prices exclude VAT. */
export interface PricedTier extends TierBase {
  kind: "priced";
  monthly: Amounts;
  minutesIncluded: number;
  extraMinute: Amounts;
  /** Monthly price divided by the included minutes, rounded to cents (hellers). */
  effectiveMinute: Amounts;
  phoneNumbers: number;
}

/** A plan quoted per customer. */
export interface CustomTier extends TierBase {
  kind: "custom";
}

export type Tier = PricedTier | CustomTier;

const STARTER_FEATURES: readonly FeatureId[] = ["scheduling", "emailNotifications", "calendarIntegration"];
const GROWTH_FEATURES: readonly FeatureId[] = [...STARTER_FEATURES, "smsNotifications", "analyticsDashboard"];
const BUSINESS_FEATURES: readonly FeatureId[] = [...GROWTH_FEATURES, "customVoice", "prioritySupport"];

export const STARTER: PricedTier = {
  id: "starter",
  kind: "priced",
  popular: false,
  monthly: { EUR: 39, CZK: 990 },
  minutesIncluded: 180,
  extraMinute: { EUR: 0.25, CZK: 6 },
  effectiveMinute: { EUR: 0.22, CZK: 5.5 },
  phoneNumbers: 1,
  features: STARTER_FEATURES,
};

export const GROWTH: PricedTier = {
  id: "growth",
  kind: "priced",
  popular: true,
  monthly: { EUR: 119, CZK: 2990 },
  minutesIncluded: 650,
  extraMinute: { EUR: 0.22, CZK: 5 },
  effectiveMinute: { EUR: 0.18, CZK: 4.6 },
  phoneNumbers: 2,
  features: GROWTH_FEATURES,
};

export const BUSINESS: PricedTier = {
  id: "business",
  kind: "priced",
  popular: false,
  monthly: { EUR: 399, CZK: 9990 },
  minutesIncluded: 2400,
  extraMinute: { EUR: 0.19, CZK: 4 },
  effectiveMinute: { EUR: 0.17, CZK: 4.16 },
  phoneNumbers: 5,
  features: BUSINESS_FEATURES,
};

export const ENTERPRISE: CustomTier = {
  id: "enterprise",
  kind: "custom",
  popular: false,
  features: FEATURE_IDS,
};

export const TIERS: readonly Tier[] = [STARTER, GROWTH, BUSINESS, ENTERPRISE];

export function tierPrice(tier: PricedTier, language: Language): Money {
  return moneyIn(tier.monthly, language);
}

/** What a card lists after "Everything in <previous plan>": the features this plan adds. */
export function addedFeatures(tier: Tier): { previous: Tier | null; features: FeatureId[] } {
  const previous = TIERS[TIERS.indexOf(tier) - 1] ?? null;
  return { previous, features: tier.features.filter((feature) => !previous?.features.includes(feature)) };
}
