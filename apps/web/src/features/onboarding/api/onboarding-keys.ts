export const onboardingKeys = {
  promoCode: (code: string | null) => ['onboarding', 'promo-code', code] as const,
};
