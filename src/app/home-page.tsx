import { Suspense } from "react";
import { PageMeta } from "../components/page-meta.tsx";
import { PhoneMockup } from "../features/call-demo/components/phone-mockup.tsx";
import { ComparisonSection } from "../features/marketing/components/comparison-section.tsx";
import { FeaturesSection } from "../features/marketing/components/features-section.tsx";
import { Hero } from "../features/marketing/components/hero.tsx";
import { HowItWorksSection } from "../features/marketing/components/how-it-works-section.tsx";
import { UseCasesSection } from "../features/marketing/components/use-cases-section.tsx";
import { PricingSection } from "../features/pricing/components/pricing-section.tsx";
import { WaitlistForm } from "../features/waitlist/components/waitlist-form.tsx";

/** The spec's order after the hero. */
const SECTIONS = [UseCasesSection, FeaturesSection, ComparisonSection, HowItWorksSection, PricingSection];

/**
 * The spec's order: hero, use cases, features, comparison, how it works, pricing. Each section
 * below the hero is a Suspense boundary of its own: React hydrates a prerendered boundary in a
 * task of its own, so the page can answer a tap between sections rather than after one long task.
 */
export function HomePage() {
  return (
    <>
      <PageMeta titleId="meta.home.title" descriptionId="meta.home.description" />
      <Hero waitlistForm={<WaitlistForm />} phone={<PhoneMockup />} />
      {SECTIONS.map((Section, index) => (
        <Suspense key={index}>
          <Section />
        </Suspense>
      ))}
    </>
  );
}
