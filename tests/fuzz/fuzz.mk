# Fuzzing and sanitizer builds; included by GNUmakefile.
#
#   make fuzz [FUZZ_SECONDS=60]   every fuzz target for FUZZ_SECONDS each; a
#                                 crash lands in tests/fuzz/crashes/NAME/
#   make fuzz-replay              every seed and every committed crash input,
#                                 once, under ASan and UBSan
#   make unit-tests-asan          the Check unit tests under ASan and UBSan
#
# The targets (tests/fuzz/fuzz_NAME.c) are built by clang-19 with libFuzzer;
# the unit tests by $(CC), since gcc has ASan and UBSan too.

FUZZ_CC ?= clang-19
FUZZ_SECONDS ?= 60
FUZZ_TARGETS := $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_DIR := out/fuzz
FUZZ_BINS := $(addprefix $(FUZZ_DIR)/fuzz_,$(FUZZ_TARGETS))
# every sanitizer report is fatal, so that no finding passes for a run
SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
LIB_SRCS := $(filter-out gen/cmd/hdrtest.c,$(GEN_SRCS))
FUZZ_OBJS := $(patsubst gen/%.c,$(FUZZ_DIR)/obj/%.o,$(LIB_SRCS))
# not intermediates: make would remove them after a link, and rebuild the
# whole library for the next target
.SECONDARY: $(FUZZ_OBJS)
ASAN_UNIT_BIN := out/bin/unit-tests-asan

.PHONY: fuzz fuzz-build fuzz-replay fuzz-deps unit-tests-asan

fuzz-deps:
	@gen/setup/deps.sh clang-19 libclang-rt-19-dev

# The library once, instrumented for libFuzzer; each target links it.
$(FUZZ_DIR)/obj/%.o: gen/%.c $(GEN_HDRS)
	@mkdir -p $(@D)
	$(FUZZ_CC) -O1 -g $(HT_CFLAGS) $(SAN_FLAGS) -fsanitize=fuzzer-no-link -Igen -c -o $@ $<

$(FUZZ_DIR)/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/common.c tests/fuzz/fuzz.h $(FUZZ_OBJS)
	$(FUZZ_CC) -O1 -g $(HT_CFLAGS) $(SAN_FLAGS) -fsanitize=fuzzer -Igen -o $@ $< tests/fuzz/common.c $(FUZZ_OBJS) -lpthread

fuzz-build: fuzz-deps
	@$(MAKE) --no-print-directory $(FUZZ_BINS)

fuzz: fuzz-build
	tests/fuzz/run.sh fuzz $(FUZZ_SECONDS) $(FUZZ_TARGETS)

fuzz-replay: fuzz-build
	tests/fuzz/run.sh replay $(FUZZ_TARGETS)

$(ASAN_UNIT_BIN): $(UNIT_SRCS) $(LIB_SRCS) $(GEN_HDRS) $(wildcard tests/unit/*.h)
	@mkdir -p $(@D)
	$(CC) -O1 -g $(HT_CFLAGS) $(SAN_FLAGS) -Igen -o $@ $(UNIT_SRCS) $(LIB_SRCS) \
		$$(pkg-config --cflags --libs check)

# LeakSanitizer stays on: each Check test runs in a forked child, which
# exits through exit(), so a leak fails the test that made it.
unit-tests-asan: $(ASAN_UNIT_BIN) $(HDRTEST)
	UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 $(ASAN_UNIT_BIN)
