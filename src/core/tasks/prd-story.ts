/** One user story of a ralph `prd.json`, as the ralph runner uses it. */
export interface PrdStory {
  id: string;
  title: string;
  description: string;
  acceptanceCriteria: string[];
  /** 1 = highest. */
  priority: number;
  passes: boolean;
  /** Commands that must pass for this story (plangate and Spiral). */
  verify?: string[];
  notes?: string;
  architectVerified?: boolean;
  reviewerVerified?: boolean;
  attempts?: number;
  /** Position in the stories array. */
  index: number;
}
