import { Anchor, Badge, Group, List } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DependentTemplateWire } from '@salon/contract/loyalty';
import { useSession } from '../../../shared/session/use-session';

// The templates that offer an action (SPEC 3 Dependent template), each a link to its editor.
export function DependentTemplatesList({
  templates,
  testId,
}: {
  templates: readonly DependentTemplateWire[];
  testId: string;
}) {
  const { t } = useTranslation('invite-friends');
  const { accId } = useSession();
  return (
    <List spacing={6} size="sm" mt="sm" data-testid={testId}>
      {templates.map((template) => (
        <List.Item key={template.id} data-testid={`${testId}-${template.id}`}>
          <Group gap={8} wrap="wrap">
            <Anchor component={Link} to={`/template?id=${template.id}&accId=${accId ?? ''}`} size="sm">
              {template.title}
            </Anchor>
            <Badge size="xs" variant="light" color={template.active ? 'teal' : 'gray'}>
              {t(template.active ? 'dependents.on' : 'dependents.off')}
            </Badge>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}
