import { useMemo } from 'react';
import type { ControlProps } from '../../../components/ui/form-field';
import { MultiCombobox } from '../../../components/ui/combobox-multi';
import { toast } from '../../../lib/toast';
import { useAddAiModel } from '../api/prompt-queries';
import { useAiApplications } from '../../../lib/use-ai-applications';

interface Props extends ControlProps {
  value: string[];
  onChange: (models: string[]) => void;
  placeholder?: string | null;
}

/**
 * The AI applications a prompt targets, chosen from the catalog; a custom one (trimmed, non-empty, not
 * already listed in any case) is added to the catalog first and then chosen.
 */
export function AiModelsField({ value, onChange, placeholder, ...control }: Props) {
  const { data: models } = useAiApplications();
  const catalog = useMemo(() => (models ?? []).map((m) => m.name), [models]);
  const add = useAddAiModel();

  const create = (typed: string) =>
    add.mutate(typed, {
      onSuccess: ({ model }) => {
        toast({ title: 'AI model added successfully!' });
        if (!value.includes(model)) onChange([...value, model]);
      },
      onError: () => toast({ title: 'Error', description: 'Failed to add AI model', variant: 'destructive' }),
    });

  return (
    <MultiCombobox
      {...control}
      options={catalog}
      value={value}
      onChange={onChange}
      onCreate={create}
      creating={add.isPending}
      placeholder={placeholder ?? 'Choose or add an AI application'}
      removeLabel={(model) => `Remove AI application ${model}`}
      chosenLabel="Selected AI applications"
    />
  );
}
