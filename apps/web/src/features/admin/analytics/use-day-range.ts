import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { bangkokToday, rangeFromSearch, rangeToSearch, type DayRange } from './range';

/** The range in the URL (so a view can be shared and survives a reload) and a way to change it. */
export function useDayRange(): [DayRange, (r: DayRange) => void] {
  const [search, setSearch] = useSearchParams();
  const range = useMemo(() => rangeFromSearch(search, bangkokToday()), [search]);
  return [range, (r) => setSearch(rangeToSearch(r))];
}
