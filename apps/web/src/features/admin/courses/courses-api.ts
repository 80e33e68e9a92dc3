import type {
  AdminCategory,
  AdminCourse,
  AdminCoursePage,
  AdminVideoState,
  CourseCreate,
  CourseUpdate,
  EpisodeUpdate,
  SignedPlayback,
} from '@rianroo/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/session';
import { adminCall, adminKey } from '../lib/admin-api';
import { apiQuery, type TableParams } from '../lib/table-params';

export const courseFilters = ['status'] as const;
const courseKey = (id: string) => [...adminKey, 'course', id] as const;
const settled = (s: AdminVideoState['status']) => s === 'ready' || s === 'failed' || s === 'none';

export const useCourses = (p: TableParams) =>
  useQuery({
    queryKey: [...adminKey, 'courses', p],
    queryFn: () => adminCall<AdminCoursePage>(`/courses?${apiQuery(p)}`),
    placeholderData: keepPreviousData,
  });

/** A course; read again every 2 s while any of its videos is queued or transcoding. */
export const useCourse = (id: string) =>
  useQuery({
    queryKey: courseKey(id),
    queryFn: () => adminCall<AdminCourse>(`/courses/${id}`),
    refetchInterval: (q) => (q.state.data?.episodes.some((e) => !settled(e.video.status)) ? 2000 : false),
  });

/** An episode's video state, read every second until it is ready or failed. */
export const useVideoState = (episodeId: string, watching: boolean) =>
  useQuery({
    queryKey: [...adminKey, 'video', episodeId],
    queryFn: () => adminCall<AdminVideoState>(`/episodes/${episodeId}/video`),
    refetchInterval: (q) => (watching || !settled(q.state.data?.status ?? 'none') ? 1000 : false),
  });

export const useCategories = () =>
  useQuery({
    queryKey: [...adminKey, 'categories'],
    queryFn: () => adminCall<{ items: AdminCategory[] }>(`/categories?pageSize=100`),
  });

export const previewOf = (episodeId: string) => adminCall<SignedPlayback>(`/episodes/${episodeId}/preview`);

/**
 * A write to one course: its answer is the course after, put in the cache; lists are read again. A refused
 * write (an EDIT_CONFLICT among them) reads the course again, so the form shows what it is now.
 */
function useCourseWrite<V>(id: string, fn: (v: V) => Promise<AdminCourse>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (course) => {
      qc.setQueryData(courseKey(id), course);
      void qc.invalidateQueries({ queryKey: [...adminKey, 'courses'] });
    },
    onError: () => qc.invalidateQueries({ queryKey: courseKey(id) }),
  });
}

export const useCreateCourse = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: CourseCreate) => adminCall<AdminCourse>('/courses', { body: v }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKey }),
  });
};
export const useUpdateCourse = (id: string) =>
  useCourseWrite(id, (v: CourseUpdate) => adminCall(`/courses/${id}`, { method: 'PATCH', body: v }));
export const usePublish = (id: string) =>
  useCourseWrite(id, (publish: boolean) =>
    adminCall(`/courses/${id}/${publish ? 'publish' : 'unpublish'}`, { method: 'POST' }),
  );
export const useAddEpisode = (id: string) =>
  useCourseWrite(id, (title: string) => adminCall(`/courses/${id}/episodes`, { body: { title } }));
export const useOrder = (id: string) =>
  useCourseWrite(id, (episodeIds: string[]) =>
    adminCall(`/courses/${id}/episode-order`, { method: 'PUT', body: { episodeIds } }),
  );
export const useUpdateEpisode = (courseId: string, episodeId: string) =>
  useCourseWrite(courseId, (v: EpisodeUpdate) =>
    adminCall(`/episodes/${episodeId}`, { method: 'PATCH', body: v }),
  );
export const useCover = (id: string) =>
  useCourseWrite(id, (file: File) =>
    call<AdminCourse>(`/admin/courses/${id}/cover`, {
      method: 'PUT',
      raw: { data: file, type: file.type || 'application/octet-stream' },
      auth: true,
    }),
  );
