import { List, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const POINTS = ['words', 'forms', 'phrases', 'specific', 'once'] as const;

// How the matcher reads a client's message (issue 14: whole words, Russian word forms, the most
// specific phrase wins, one reply per period).
export function HowItWorksNote() {
  const { t } = useTranslation('auto-responses');
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="key-phrase-how-title"
      data-testid="key-phrase-how"
    >
      <Text id="key-phrase-how-title" fw={600} mb="xs" style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <ThemeIcon variant="light" color="yellow" size="sm" radius="xl" aria-hidden>
          <IconBulb size={14} />
        </ThemeIcon>
        {t('howItWorks.title')}
      </Text>
      <List size="sm" spacing={6} c="dimmed">
        {POINTS.map((point) => (
          <List.Item key={point}>{t(`howItWorks.${point}`)}</List.Item>
        ))}
      </List>
    </Paper>
  );
}
