import { PhoneMockup } from "../features/call-demo/components/phone-mockup.tsx";
import { ComparisonSection } from "../features/marketing/components/comparison-section.tsx";
import { FeaturesSection } from "../features/marketing/components/features-section.tsx";
import { Hero } from "../features/marketing/components/hero.tsx";
import { HowItWorksSection } from "../features/marketing/components/how-it-works-section.tsx";
import { UseCasesSection } from "../features/marketing/components/use-cases-section.tsx";
import { PricingSection } from "../features/pricing/components/pricing-section.tsx";
import { WaitlistForm } from "../features/waitlist/components/waitlist-form.tsx";

/** The spec's order: hero, use cases, features, comparison, how it works, pricing. */
export function HomePage() {
  return (
    <>
      <Hero waitlistForm={<WaitlistForm />} phone={<PhoneMockup />} />
      <UseCasesSection />
      <FeaturesSection />
      <ComparisonSection />
      <HowItWorksSection />
      <PricingSection />
    </>
  );
}
