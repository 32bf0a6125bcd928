export const onboardingKeys = {
  promoCode: (code: string | null) => ['onboarding', 'promo-code', code] as const,
  autoConnectForm: (formHash: string) => ['onboarding', 'auto-connect-form', formHash] as const,
};
