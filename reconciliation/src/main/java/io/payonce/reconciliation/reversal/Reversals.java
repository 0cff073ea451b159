package io.payonce.reconciliation.reversal;

/**
 * How a {@code REVERSE_DEDUCT} flow names the business number it reverses, across the trade schema's history.
 * <ul>
 * <li>Since trade migration V2 a reversal carries the biz_no of the flow it reverses and that flow's id in
 * {@code reverses_flow_id}: its business number fits the column for every legal orderNo, and
 * {@code uk_biz_no_type} still admits one reversal per biz_no.</li>
 * <li>Before V2 it carried {@code <biz_no>-REVERSE} and no link. Such rows are read as they were meant; no new
 * one is ever written, so an orderNo that happens to end in {@code -REVERSE} is an order like any other.</li>
 * </ul>
 */
public final class Reversals {

	public static final String REVERSE_DEDUCT = "REVERSE_DEDUCT";

	/** The suffix of a reversal's biz_no before trade migration V2. */
	public static final String LEGACY_SUFFIX = "-REVERSE";

	private Reversals() {
	}

	/** A reversal booked before V2: {@code REVERSE_DEDUCT}, biz_no {@code <X>-REVERSE}, no reversed flow id. */
	public static boolean isLegacyReversal(String bizNo, String type, Long reversesFlowId) {
		return REVERSE_DEDUCT.equals(type) && reversesFlowId == null && bizNo.endsWith(LEGACY_SUFFIX)
				&& bizNo.length() > LEGACY_SUFFIX.length();
	}

	/** The business number (orderNo) a flow belongs to: its own, except a legacy reversal, which belongs to X. */
	public static String owner(String bizNo, String type, Long reversesFlowId) {
		return isLegacyReversal(bizNo, type, reversesFlowId)
				? bizNo.substring(0, bizNo.length() - LEGACY_SUFFIX.length()) : bizNo;
	}

}
