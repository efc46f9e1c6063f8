import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { realWebLlmApi } from '@/lib/llm/webllm/real-api';
import { offerWebLlm } from '@/lib/llm/webllm/script-handoff';

// Firefox only: WebLLM as a script of its own, added to the background page when the local model is
// first used (Chrome imports it as a chunk into the offscreen document instead).
export default defineUnlistedScript({
  include: ['firefox'],
  main() {
    offerWebLlm(realWebLlmApi);
  },
});
