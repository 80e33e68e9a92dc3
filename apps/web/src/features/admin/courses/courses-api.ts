import type {
  AdminCourse,
  AdminCourseQuery,
  AdminVideoState,
  CourseCreate,
  CourseUpdate,
  EpisodeUpdate,
  InstructorInput,
} from '@rianroo/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKey } from '../lib/admin-api';
import { choiceFilters, tableQuery, type TableParams } from '../lib/table-params';

export const STATUSES = ['draft', 'published', 'archived'] as const;
export const courseFilters = choiceFilters(['status'], STATUSES);
const courseKey = (id: string) => [...adminKey, 'course', id] as const;
const settled = (s: AdminVideoState['status']) => s === 'ready' || s === 'failed' || s === 'none';

export const useCourses = (p: TableParams<AdminCourseQuery['sort'], 'status', (typeof STATUSES)[number]>) =>
  useQuery({
    queryKey: [...adminKey, 'courses', p],
    queryFn: () => api('GET /api/admin/courses', { query: tableQuery(p), auth: true }),
    placeholderData: keepPreviousData,
  });

/** A course; read again every 2 s while any of its videos is queued or transcoding. */
export const useCourse = (id: string) =>
  useQuery({
    queryKey: courseKey(id),
    queryFn: () => api('GET /api/admin/courses/:id', { params: { id }, auth: true }),
    refetchInterval: (q) => (q.state.data?.episodes.some((e) => !settled(e.video.status)) ? 2000 : false),
  });

/** An episode's video state, read every second until it is ready or failed. */
export const useVideoState = (episodeId: string, watching: boolean) =>
  useQuery({
    queryKey: [...adminKey, 'video', episodeId],
    queryFn: () => api('GET /api/admin/episodes/:id/video', { params: { id: episodeId }, auth: true }),
    refetchInterval: (q) => (watching || !settled(q.state.data?.status ?? 'none') ? 1000 : false),
  });

export const useCategories = () =>
  useQuery({
    queryKey: [...adminKey, 'categories'],
    queryFn: () => api('GET /api/admin/categories', { query: { pageSize: 100 }, auth: true }),
  });

export const previewOf = (episodeId: string) =>
  api('GET /api/admin/episodes/:id/preview', { params: { id: episodeId }, auth: true });

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
    mutationFn: (v: CourseCreate) => api('POST /api/admin/courses', { body: v, auth: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKey }),
  });
};
export const useUpdateCourse = (id: string) =>
  useCourseWrite(id, (v: CourseUpdate) =>
    api('PATCH /api/admin/courses/:id', { params: { id }, body: v, auth: true }),
  );
export const usePublish = (id: string) =>
  useCourseWrite(id, (publish: boolean) =>
    publish
      ? api('POST /api/admin/courses/:id/publish', { params: { id }, auth: true })
      : api('POST /api/admin/courses/:id/unpublish', { params: { id }, auth: true }),
  );
export const useAddEpisode = (id: string) =>
  useCourseWrite(id, (title: string) =>
    api('POST /api/admin/courses/:id/episodes', { params: { id }, body: { title }, auth: true }),
  );
export const useOrder = (id: string) =>
  useCourseWrite(id, (episodeIds: string[]) =>
    api('PUT /api/admin/courses/:id/episode-order', { params: { id }, body: { episodeIds }, auth: true }),
  );
export const useUpdateEpisode = (courseId: string, episodeId: string) =>
  useCourseWrite(courseId, (v: EpisodeUpdate) =>
    api('PATCH /api/admin/episodes/:id', { params: { id: episodeId }, body: v, auth: true }),
  );
export const useCover = (id: string) =>
  useCourseWrite(id, (file: File) =>
    // The image's bytes as the raw body, not JSON.
    api(
      'PUT /api/admin/courses/:id/cover',
      { params: { id }, auth: true },
      { raw: { data: file, type: file.type || 'application/octet-stream' } },
    ),
  );

/** The instructors a course can name (the first 100 by name). */
export const useInstructors = () =>
  useQuery({
    queryKey: [...adminKey, 'instructors'],
    queryFn: () => api('GET /api/admin/instructors', { query: { pageSize: 100 }, auth: true }),
  });

/** Adds an instructor; the list is read again. */
export function useAddInstructor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: InstructorInput) => api('POST /api/admin/instructors', { body, auth: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...adminKey, 'instructors'] }),
  });
}
