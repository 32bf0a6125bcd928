import type { InputHTMLAttributes, ReactNode } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconUpload } from '@tabler/icons-react';

interface FileDropProps {
  // MIME type → extensions (dropAccept); the picker filters by it.
  accept: Record<string, string[]>;
  maxSize: number;
  multiple?: boolean;
  disabled?: boolean;
  onDrop: (files: File[]) => void;
  // Files the zone refused (type, size, count). They go to the feature's own checks, which name
  // the reason in the user's language; react-dropzone's reasons are English codes.
  onReject: (files: File[]) => void;
  // What a screen reader announces for the zone.
  label: string;
  title: string;
  hint: string;
  pickLabel?: string;
  icon?: ReactNode;
  testId: string;
  inputTestId: string;
}

// A file dropped on the zone or picked: click, or Enter / Space on the focused zone, opens the
// picker. The hidden input (inputTestId) takes files directly, as e2e's setInputFiles does.
export function FileDrop({
  accept,
  maxSize,
  multiple = false,
  disabled = false,
  onDrop,
  onReject,
  label,
  title,
  hint,
  pickLabel,
  icon,
  testId,
  inputTestId,
}: FileDropProps) {
  return (
    <Dropzone
      accept={accept}
      maxSize={maxSize}
      multiple={multiple}
      disabled={disabled}
      onDrop={onDrop}
      onReject={(rejections) => onReject(rejections.map((rejection) => rejection.file))}
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      role="button"
      aria-label={label}
      data-testid={testId}
      inputProps={{ 'data-testid': inputTestId } as InputHTMLAttributes<HTMLInputElement>}
      style={disabled ? { cursor: 'not-allowed', opacity: 0.6 } : undefined}
    >
      <Stack align="center" gap={6}>
        {icon ?? <IconUpload size={32} aria-hidden />}
        <Text fw={500} ta="center">
          {title}
        </Text>
        <Text size="sm" c="dimmed" ta="center">
          {hint}
        </Text>
        {pickLabel && (
          <Button
            variant="light"
            size="xs"
            tabIndex={-1}
            disabled={disabled}
            leftSection={<IconUpload size={14} aria-hidden />}
          >
            {pickLabel}
          </Button>
        )}
      </Stack>
    </Dropzone>
  );
}
