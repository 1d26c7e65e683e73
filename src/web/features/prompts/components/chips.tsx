import { Badge } from '../../../components/ui/badge';

export function Chips({ values, tone = 'neutral', max, nowrap }: { values: string[]; tone?: 'neutral' | 'brand' | 'blue'; max?: number; nowrap?: boolean }) {
  const shown = max ? values.slice(0, max) : values;
  return (
    <span className={nowrap ? 'flex min-w-0 gap-1' : 'flex flex-wrap gap-1'}>
      {shown.map((v) => (
        <Badge key={v} tone={tone} className={nowrap ? 'min-w-0 truncate' : 'max-w-[12rem] truncate'} title={v} dir="auto">
          {v}
        </Badge>
      ))}
      {max && values.length > max ? (
        <Badge tone="grey" className="shrink-0" title={values.slice(max).join(', ')}>
          +{values.length - max}
        </Badge>
      ) : null}
    </span>
  );
}
