import { Badge } from '../../../components/ui/badge';

export function Chips({ values, tone = 'neutral', max }: { values: string[]; tone?: 'neutral' | 'brand' | 'blue'; max?: number }) {
  const shown = max ? values.slice(0, max) : values;
  return (
    <span className="flex flex-wrap gap-1">
      {shown.map((v) => (
        <Badge key={v} tone={tone} className="max-w-[12rem] truncate" title={v}>
          {v}
        </Badge>
      ))}
      {max && values.length > max ? <Badge tone="grey">+{values.length - max}</Badge> : null}
    </span>
  );
}
