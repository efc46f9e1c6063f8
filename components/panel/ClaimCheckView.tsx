import { useId, useState } from 'react';
import type { ClaimReviewState } from '@/hooks/useClaimReview';
import type { ClaimCheck, ClaimEvidence, ClaimResult } from '@/lib/core/claim-check';
import { CITED_WORDS, markSegments, OUTCOME_WORDS } from '@/lib/ui/claim-marks';
import { percent } from '@/lib/ui/format';

const KIND_WORDS: Record<ClaimCheck['boxKind'], string> = {
  'ai-overview': 'AI Overview',
  'featured-snippet': 'Featured snippet',
  'instant-answer': 'Instant answer',
  'answer-card': 'Answer card',
  copilot: 'Copilot answer',
  summarizer: 'Summary',
  'knowledge-panel': 'Knowledge panel',
  'quick-answer': 'Quick answer',
  'consolidated-answer': 'answer',
};

/** The text, as the person saw it, with each claim's sentence marked by its outcome; a mark opens its claim. */
export function MarkedText({
  text,
  claims,
  onPick,
  testId,
}: {
  text: string;
  claims: readonly ClaimResult[];
  onPick?: (claimId: string) => void;
  testId: string;
}) {
  return (
    <p className="marked-text" data-testid={testId}>
      {markSegments(text, claims).map((segment) =>
        segment.outcome === null ? (
          <span key={segment.start}>{segment.text}</span>
        ) : (
          <mark
            key={segment.start}
            className={`claim-mark outcome-${segment.outcome}`}
            data-testid="claim-mark"
            data-outcome={segment.outcome}
            title={OUTCOME_WORDS[segment.outcome]}
          >
            {onPick ? (
              <button type="button" className="mark-button" onClick={() => onPick(segment.claimIds[0] ?? '')}>
                {segment.text}
              </button>
            ) : (
              segment.text
            )}
            <span className="visually-hidden"> ({OUTCOME_WORDS[segment.outcome]})</span>
          </mark>
        ),
      )}
    </p>
  );
}

function EvidenceItem({ item }: { item: ClaimEvidence }) {
  return (
    <li className={`evidence stance-${item.stance}`} data-testid="claim-evidence" data-domain={item.domain}>
      <span className={`stance-word stance-${item.stance}`}>
        {item.stance === 'supports' ? 'Supports' : 'Contradicts'}
      </span>{' '}
      <a href={item.url} target="_blank" rel="noreferrer noopener">
        {item.domain}
      </a>{' '}
      <span className="muted small" data-testid="evidence-trust">
        trust {percent(item.trust)}
      </span>
      {item.cited && <span className="chip chip-cited">cited by the engine</span>}
      <q className="quote">{item.quote}</q>
    </li>
  );
}

function ClaimItem({
  claim,
  open,
  onToggle,
  review,
}: {
  claim: ClaimResult;
  open: boolean;
  onToggle: (open: boolean) => void;
  review?: ClaimReviewState | undefined;
}) {
  const busy = review?.busyId === claim.id;
  const error = review?.errors[claim.id];
  return (
    <li
      className={`claim outcome-${claim.outcome}`}
      data-testid="claim"
      data-claim={claim.id}
      data-outcome={claim.outcome}
    >
      <details open={open} onToggle={(event) => onToggle(event.currentTarget.open)}>
        <summary>
          <span className={`outcome-chip outcome-${claim.outcome}`} data-testid="claim-outcome">
            {OUTCOME_WORDS[claim.outcome]}
            {claim.weak && claim.outcome !== 'pending' ? ' (low-trust sites only)' : ''}
          </span>{' '}
          <span className="claim-text">{claim.text}</span>
        </summary>
        <div className="claim-body">
          <p className="small">{claim.explanation}</p>
          {claim.evidence.length > 0 && (
            <ul className="evidence-list">
              {claim.evidence.map((item) => (
                <EvidenceItem key={item.sourceId} item={item} />
              ))}
            </ul>
          )}
          {claim.unquoted > 0 && (
            <p className="muted small">
              {claim.unquoted} reading{claim.unquoted === 1 ? '' : 's'} left out: the quoted words are not in the
              result.
            </p>
          )}
          {claim.outcome !== 'pending' && (
            <p className="small" data-testid="claim-cited">
              {CITED_WORDS[claim.cited]}
            </p>
          )}
          {review && claim.outcome !== 'pending' && (
            <fieldset className="review-buttons">
              <legend className="visually-hidden">Is this claim right?</legend>
              {(['right', 'wrong'] as const).map((choice) => (
                <button
                  key={choice}
                  type="button"
                  className="chip-button"
                  data-testid={`claim-review-${claim.id}-${choice}`}
                  aria-pressed={claim.review?.choice === choice}
                  disabled={busy}
                  onClick={() => review.onReview(claim.id, choice)}
                >
                  {choice === 'right' ? 'Claim is right' : 'Claim is wrong'}
                </button>
              ))}
            </fieldset>
          )}
          {claim.review && (
            <p className="review-result" data-testid="claim-review-result">
              You marked this claim {claim.review.choice}.
            </p>
          )}
          {error && (
            <p role="alert" className="error small">
              {error}
            </p>
          )}
        </div>
      </details>
    </li>
  );
}

/** The engine's own answer checked claim by claim: marked in place, each claim opening to its evidence. */
export function ClaimCheckView({ check, review }: { check: ClaimCheck; review?: ClaimReviewState | undefined }) {
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(new Set());
  const setOpen = (id: string, open: boolean) =>
    setOpenIds((current) => {
      if (current.has(id) === open) return current;
      const next = new Set(current);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });
  const pending = check.claims.filter((claim) => claim.outcome === 'pending').length;
  const headingId = useId();
  const own = check.boxKind === 'consolidated-answer';
  return (
    <section
      className="card claim-check"
      aria-labelledby={headingId}
      data-testid={own ? 'answer-check' : 'claim-check'}
      aria-busy={pending > 0}
    >
      <h2 id={headingId} className="card-title">
        {own ? 'The check’s answer' : `The engine’s ${KIND_WORDS[check.boxKind]}`}, claim by claim
        {pending > 0 && <span className="muted small"> · checking {pending}</span>}
      </h2>
      <MarkedText
        text={check.boxText}
        claims={check.claims}
        testId="box-text"
        onPick={(id) => {
          setOpen(id, true);
          document.querySelector(`[data-claim="${CSS.escape(id)}"]`)?.scrollIntoView({ block: 'nearest' });
        }}
      />
      {check.claims.length === 0 && <p className="muted small">No checkable claim was found in it.</p>}
      <ol className="claims">
        {check.claims.map((claim) => (
          <ClaimItem
            key={claim.id}
            claim={claim}
            open={openIds.has(claim.id)}
            onToggle={(open) => setOpen(claim.id, open)}
            review={review}
          />
        ))}
      </ol>
      {check.leftOut > 0 && (
        <p className="muted small" data-testid="claims-left-out">
          {check.leftOut} less check-worthy claim{check.leftOut === 1 ? ' was' : 's were'} left out.
        </p>
      )}
      {check.split === 'sentences' && (
        <p className="muted small">The model’s split could not be read: each sentence was checked as one claim.</p>
      )}
    </section>
  );
}
