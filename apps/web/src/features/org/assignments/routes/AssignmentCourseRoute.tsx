import { useParams } from 'react-router';
import AssignmentCoursePage from './AssignmentCoursePage';

/** /org/<orgId>/assignments/<courseId>: the course's assignees. */
export default function AssignmentCourseRoute({ orgId }: { orgId: string }) {
  const { courseId = '' } = useParams();
  return <AssignmentCoursePage orgId={orgId} courseId={courseId} />;
}
