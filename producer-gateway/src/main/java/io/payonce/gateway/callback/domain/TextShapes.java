package io.payonce.gateway.callback.domain;

/**
 * The shapes of the callback's text fields, checked character by character: each method accepts exactly what the
 * regular expression in its comment matches ({@code TextShapesMatchTheirExpressionsTest} compares them). A matcher
 * per field per callback was among the gateway's top frames (issue 19); these rules are plain enough to need none.
 */
final class TextShapes {

	private TextShapes() {
	}

	/** {@code [A-Za-z0-9_-]{1,64}}: payNo, orderNo. */
	static boolean isBusinessNo(String value) {
		int length = value.length();
		if (length < 1 || length > 64) {
			return false;
		}
		for (int i = 0; i < length; i++) {
			char c = value.charAt(i);
			if (!(isLetter(c) || isDigit(c) || c == '_' || c == '-')) {
				return false;
			}
		}
		return true;
	}

	/** {@code [1-9][0-9]{0,18}}: userId. */
	static boolean isUserId(String value) {
		int length = value.length();
		if (length < 1 || length > 19 || value.charAt(0) == '0') {
			return false;
		}
		return allDigits(value, 0, length);
	}

	/** {@code -?[0-9]{1,20}(\.[0-9]{1,20})?}: amount. */
	static boolean isPlainDecimal(String value) {
		int start = (!value.isEmpty() && value.charAt(0) == '-') ? 1 : 0;
		int point = value.indexOf('.', start);
		int integerEnd = (point < 0) ? value.length() : point;
		if (!digitRun(value, start, integerEnd)) {
			return false;
		}
		return point < 0 || digitRun(value, point + 1, value.length());
	}

	/** {@code [A-Z][A-Z_]{0,31}}: status. */
	static boolean isStatus(String value) {
		int length = value.length();
		if (length < 1 || length > 32 || value.charAt(0) == '_') {
			return false;
		}
		for (int i = 0; i < length; i++) {
			char c = value.charAt(i);
			if (!((c >= 'A' && c <= 'Z') || c == '_')) {
				return false;
			}
		}
		return true;
	}

	/** 1 to 20 digits from {@code from} to {@code to}. */
	private static boolean digitRun(String value, int from, int to) {
		int length = to - from;
		return length >= 1 && length <= 20 && allDigits(value, from, to);
	}

	private static boolean allDigits(String value, int from, int to) {
		for (int i = from; i < to; i++) {
			if (!isDigit(value.charAt(i))) {
				return false;
			}
		}
		return true;
	}

	private static boolean isDigit(char c) {
		return c >= '0' && c <= '9';
	}

	private static boolean isLetter(char c) {
		return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
	}

}
