#pragma once

// 1 when SIGPIPE is ignored in this process, as in every process of the product.
int vc_test_process_ignores_sigpipe(void);
