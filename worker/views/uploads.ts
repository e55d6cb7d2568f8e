import type { UploadStatusView } from '../../src/common/uploads';
import { UPLOAD_PART_BYTES } from '../../src/common/uploads';
import type { UploadRow } from '../db/schema';

export function toUploadStatusView(upload: UploadRow): UploadStatusView {
  return {
    uploadId: upload.id,
    name: upload.name,
    size: upload.size,
    received: upload.received,
    partSize: UPLOAD_PART_BYTES,
    state: upload.state === 'complete' ? 'complete' : 'open',
    fileId: upload.state === 'complete' ? upload.fileId : null,
    expiresAt: upload.expiresAt,
  };
}
