import { useCollection } from '../api/get-collection';

/** A collection's name where only its id is known (a list's filter chip); "a collection" while it loads or if hidden. */
export function CollectionName({ id }: { id: string }) {
  const { data, isError } = useCollection(id);
  return <>{data?.name ?? (isError ? 'unknown collection' : '…')}</>;
}
