import { Labeled, useRecordContext } from 'react-admin';

/** The section's video, chosen in the shared video picker. */
export function ChapterVideoInput({ source }: { source: string }) {
  const record = useRecordContext();
  return (
    <Labeled source={source} label="resources.chapter.fields.video_id">
      <span>{String(record?.video?.title ?? '')}</span>
    </Labeled>
  );
}
